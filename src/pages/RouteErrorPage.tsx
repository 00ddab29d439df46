import type { ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../api/http';
import { Button, ButtonLink } from '../ui/Button';
import * as styles from './pages.css';

/** The request never reached the server: no network (a failed fetch, not an answer). */
function isOffline(error: unknown) {
  return (
    (error instanceof ApiError && error.status === 0) ||
    (typeof navigator !== 'undefined' && !navigator.onLine)
  );
}

/**
 * Shown when a route throws ('Unexpected Application Error!' with the message). A page that could not
 * reach the network says it is offline instead (decision 053): the phone shows what it kept, and a
 * page it did not keep is no application error.
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  if (isOffline(error))
    return (
      <main className={styles.centrePage} id="main">
        <h1 className={styles.title}>You are offline</h1>
        <p role="status">
          This page was not kept on this phone. Your tickets opened before are in My Tickets, and their QR
          codes still scan at the entrance.
        </p>
        <div className={styles.actions}>
          <Button onClick={reset}>Try again</Button>
          <ButtonLink to="/profile" tone="secondary">
            My Tickets
          </ButtonLink>
        </div>
      </main>
    );
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className={styles.centrePage} id="main">
      <h1 className={styles.title}>Unexpected Application Error!</h1>
      <p className={styles.errorMessage} role="alert">
        {message}
      </p>
      <div className={styles.actions}>
        <Button onClick={reset}>Try again</Button>
        <ButtonLink to="/" tone="secondary">
          Back to home
        </ButtonLink>
      </div>
    </main>
  );
}
