import { lazy, Suspense, useEffect, useState } from 'react';
import { TOASTER_NEEDED } from '../ui/notify';

const AppToaster = lazy(() => import('./AppToaster'));

/** Mounts the toaster when the first toast is raised (see src/ui/notify.ts). */
export function LazyToaster() {
  // Flips once, on the first toast; an event from outside React, so it is listened to here.
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const mount = () => setNeeded(true);
    window.addEventListener(TOASTER_NEEDED, mount);
    return () => window.removeEventListener(TOASTER_NEEDED, mount);
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
