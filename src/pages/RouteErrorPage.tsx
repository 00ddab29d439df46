import type { ErrorComponentProps } from '@tanstack/react-router';
import { Button, ButtonLink } from '../ui/Button';
import * as styles from './pages.css';

/** Shown when a route throws ('Unexpected Application Error!' with the message). */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
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
