import { createLink } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, type ButtonHTMLAttributes, forwardRef } from 'react';
import { visuallyHidden } from '../styles/layout.css';
import { type ButtonVariants, button, spinner } from './button.css';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonVariants & {
    /** Shows a spinner and disables the button while a request runs. */
    busy?: boolean;
  };

export function Button({
  tone,
  size,
  block,
  busy = false,
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={[button({ tone, size, block }), className].filter(Boolean).join(' ')}
    >
      {busy && <span className={spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <>
      <span className={spinner} aria-hidden="true" />
      {label && (
        <span role="status" className={visuallyHidden}>
          {label}
        </span>
      )}
    </>
  );
}

type AnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & ButtonVariants;

const StyledAnchor = forwardRef<HTMLAnchorElement, AnchorProps>(function StyledAnchor(
  { tone, size, block, className, ...rest },
  ref,
) {
  return (
    <a ref={ref} {...rest} className={[button({ tone, size, block }), className].filter(Boolean).join(' ')} />
  );
});

/** A plain link (another site, a wa.me chat) that looks like a button. */
export const AnchorButton = StyledAnchor;

/** A router link that looks like a button (typed `to` and params, like <Link>). */
export const ButtonLink = createLink(StyledAnchor);
