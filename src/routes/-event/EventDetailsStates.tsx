import type { ErrorComponentProps } from '@tanstack/react-router';
import { Button, ButtonLink, Spinner } from '../../ui/Button';
import * as styles from './event.css';

export function EventDetailsLoading() {
  return (
    <main id="main" className={styles.stateBox}>
      <Spinner />
      <p>Loading event details...</p>
    </main>
  );
}

export function EventDetailsError({ reset }: ErrorComponentProps) {
  return (
    <main id="main" className={styles.stateBox}>
      <h1 className={styles.stateTitle}>Something went wrong</h1>
      <p role="alert" className={styles.stateError}>
        Failed to fetch event details. Please try again later.
      </p>
      <Button onClick={reset}>Try again</Button>
    </main>
  );
}

export function EventNotFound() {
  return (
    <main id="main" className={styles.stateBox}>
      <h1 className={styles.stateTitle}>Event not found</h1>
      <p>This event does not exist, or it is no longer published.</p>
      <ButtonLink to="/events/all">Browse events</ButtonLink>
    </main>
  );
}
