import { useCallback, useRef } from 'react';

/**
 * One IntersectionObserver per threshold, shared by every revealed element: cheaper than one each.
 * Thresholds 0.1 or 0.2; sections toggle between hidden and visible with viewport
 * visibility, so the animation replays on re-entry.
 */
const observers = new Map<number, IntersectionObserver>();

function observerFor(threshold: number): IntersectionObserver {
  let observer = observers.get(threshold);
  if (!observer) {
    // Hysteresis: "in" once `threshold` of it shows, "out" only when it has left entirely. With one
    // threshold for both, an element at the top edge oscillated for ever: hidden, it moved down by
    // its offset into view, so it was shown, moved back up out of view, was hidden again...
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const target = entry.target as HTMLElement;
          if (entry.intersectionRatio >= threshold) target.dataset.reveal = 'in';
          else if (!entry.isIntersecting || entry.intersectionRatio === 0) target.dataset.reveal = 'out';
        }
      },
      { threshold: [0, threshold] },
    );
    observers.set(threshold, observer);
  }
  return observer;
}

function motionAllowed(): boolean {
  return (
    typeof window !== 'undefined' &&
    'IntersectionObserver' in window &&
    !window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Ref callback that reveals its element when scrolled into view. It writes a data attribute on the
 * element directly (no React state, no re-render on scroll). Nothing happens under reduced motion.
 */
export function useReveal<T extends HTMLElement>(threshold: 0.1 | 0.2 = 0.2) {
  const current = useRef<T | null>(null);
  return useCallback(
    (element: T | null) => {
      if (current.current && current.current !== element) {
        observerFor(threshold).unobserve(current.current);
      }
      current.current = element;
      if (element && motionAllowed()) observerFor(threshold).observe(element);
    },
    [threshold],
  );
}
