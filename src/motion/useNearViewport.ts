import { useCallback, useRef, useState } from 'react';

/**
 * Becomes true (once, for good) when the element comes within `rootMargin` of the viewport. Used to
 * fetch below-the-fold code (the carousels' Swiper) only when the visitor scrolls towards it, so the
 * first load of the page does not pay for it.
 */
export function useNearViewport<T extends Element>(
  rootMargin = '300px',
): [boolean, (element: T | null) => void] {
  // False on the server and on the first (hydrating) render alike, so server and browser markup match.
  const [near, setNear] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || near) return;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.current?.disconnect();
            setNear(true);
          }
        },
        { rootMargin },
      );
      observer.current.observe(element);
    },
    [near, rootMargin],
  );
  return [near, ref];
}
