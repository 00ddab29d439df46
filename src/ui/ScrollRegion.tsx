import type { ReactNode } from 'react';

/** A named box that scrolls (a long or wide table): focusable, so a keyboard can scroll it too. */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: without focus a keyboard cannot scroll the box (axe scrollable-region-focusable)
    <section className={className} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
