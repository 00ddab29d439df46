import { useRouter } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { registerOfflineServiceWorker } from '../app/serviceWorker';
import * as styles from './tickets.css';

const time = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Lagos',
});

const subscribe = (change: () => void) => {
  window.addEventListener('online', change);
  window.addEventListener('offline', change);
  return () => {
    window.removeEventListener('online', change);
    window.removeEventListener('offline', change);
  };
};
const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

/**
 * When the tickets shown were last fetched, and, without a network, that this is the copy kept on
 * the phone (decision 041) — it still scans: the QR is drawn here from the signed code. Mounting it
 * installs the service worker that keeps that copy. On the first visit the page fetched its tickets
 * before the worker was there to keep them, so once it takes charge the page's data is fetched again,
 * through it: one visit is enough for the tickets to open offline, as the stamp says.
 */
export function UpdatedStamp({ at }: { at: string }) {
  const online = useOnline();
  const router = useRouter();
  useEffect(() => {
    const first = 'serviceWorker' in navigator && !navigator.serviceWorker.controller;
    void registerOfflineServiceWorker();
    if (!first) return;
    const keep = () => void router.invalidate();
    navigator.serviceWorker.addEventListener('controllerchange', keep, { once: true });
    return () => navigator.serviceWorker.removeEventListener('controllerchange', keep);
  }, [router]);
  return (
    <p className={styles.updated} role="status" data-testid="tickets-updated">
      {online
        ? `Updated ${time.format(new Date(at))}. Saved on this phone for use without a network.`
        : `You are offline. Your tickets as of ${time.format(new Date(at))}: the QR codes still scan at the entrance.`}
    </p>
  );
}
