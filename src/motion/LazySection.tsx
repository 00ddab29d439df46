import { type ComponentType, lazy, memo, Suspense, useEffect, useId, useState } from 'react';
import { holdEarlyInput } from './earlyInput';

/**
 * A below-the-fold section whose code is fetched when the visitor scrolls towards it (decision 018,
 * amendment 2: home's contact, newsletter and FAQ sections, and the xstate their forms need, are ~19 KiB that
 * a visitor who reads the hero and the events never uses).
 *
 * - On the server the section renders in full (src/entry-server.tsx waits for it): the HTML carries it.
 * - In the browser, hydrating that HTML, React keeps the server's markup of the section as it is (a
 *   dehydrated Suspense boundary) until its code is in; then it hydrates it. Nothing moves or blinks.
 *   The code is fetched when an empty marker just before the section comes within `rootMargin` of
 *   the viewport.
 * - Rendered by the browser itself (a navigation inside the app), the marker is not in the document
 *   yet: the code is fetched at once and the section appears when it arrives.
 *
 * - Taps, typing and a form's submission made on that markup before its code is in are recorded (from
 *   just before hydration begins) and played back once it has hydrated (./earlyInput.ts): the HTML
 *   works before its code.
 *
 * Memoised, and to be given props that do not change (a module-level `load`): a boundary still
 * waiting for its code that receives an update is rendered anew by React, without the server's
 * markup (the section would blink out until its code arrived).
 */
export const LazySection = memo(function LazySection({
  load,
  rootMargin = '600px 0px',
}: {
  load: () => Promise<ComponentType>;
  rootMargin?: string;
}) {
  const markerId = useId();
  const [Section] = useState(() =>
    lazy(async () => {
      // Called while the page hydrates, when the section's server markup is already on screen (and
      // recorded since just before hydration began: src/main.tsx).
      const replay = typeof document === 'undefined' ? null : holdEarlyInput(markerId);
      await nearViewport(markerId, rootMargin);
      const Loaded = await load();
      if (!replay) return { default: Loaded };
      return { default: () => <Hydrated section={Loaded} onHydrated={replay} /> };
    }),
  );
  return (
    <>
      <div id={markerId} data-lazy-section="" aria-hidden="true" />
      <Suspense fallback={null}>
        <Section />
      </Suspense>
    </>
  );
});

function nearViewport(markerId: string, rootMargin: string): Promise<void> {
  if (typeof document === 'undefined' || typeof IntersectionObserver === 'undefined')
    return Promise.resolve();
  const marker = document.getElementById(markerId);
  if (!marker) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin },
    );
    observer.observe(marker);
  });
}

/** The loaded section, telling `onHydrated` after the commit that attached its handlers. */
function Hydrated({ section: Section, onHydrated }: { section: ComponentType; onHydrated: () => void }) {
  useEffect(() => onHydrated(), [onHydrated]);
  return <Section />;
}
