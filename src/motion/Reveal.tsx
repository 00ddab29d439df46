import type { CSSProperties, ElementType, ReactNode } from 'react';
import * as styles from './reveal.css';
import { useReveal } from './useReveal';

type Props = {
  children: ReactNode;
  /** How the element moves in: fade, or slide from below, the left or the right. */
  variant?: keyof typeof styles.variants;
  threshold?: 0.1 | 0.2;
  /** Seconds; cards use index × 0.2. */
  delay?: number;
  /** Seconds, 0.4 to 1; cards 0.5. */
  duration?: number;
  as?: ElementType;
  className?: string;
  id?: string;
  'aria-labelledby'?: string;
};

/** `var(--x)` → `--x`: the custom property names vanilla-extract generated. */
const propertyName = (cssVar: string) => cssVar.slice(4, -1);

/** Only the two timing custom properties are set inline; layout stays in the stylesheet. */
function timing(delay: number, duration: number): CSSProperties {
  return {
    [propertyName(styles.delayVar)]: `${delay}s`,
    [propertyName(styles.durationVar)]: `${duration}s`,
  } as CSSProperties;
}

/** Fades or slides its content in when it scrolls into view; replays on re-entry. */
export function Reveal({
  children,
  variant = 'up',
  threshold = 0.2,
  delay = 0,
  duration = 0.6,
  as: Tag = 'div',
  className,
  ...rest
}: Props) {
  const ref = useReveal<HTMLElement>(threshold);
  return (
    <Tag
      ref={ref}
      {...rest}
      className={[styles.base, styles.variants[variant], className].filter(Boolean).join(' ')}
      style={timing(delay, duration)}
    >
      {children}
    </Tag>
  );
}
