/** Shown where an event has no poster yet: a ticket on the brand colours, never a broken image. */
export function PosterPlaceholder({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 480 300"
      width="480"
      height="300"
      role="img"
      aria-label="No poster yet"
    >
      <rect width="480" height="300" fill="#046c4e" />
      <path d="M150 100h180v30a20 20 0 0 0 0 40v30H150v-30a20 20 0 0 0 0-40z" fill="#ffffff" opacity="0.9" />
      <path d="M240 108v84" stroke="#046c4e" strokeWidth="4" strokeDasharray="6 6" />
    </svg>
  );
}
