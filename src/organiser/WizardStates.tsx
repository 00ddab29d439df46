import type { ErrorComponentProps } from '@tanstack/react-router';
import { ButtonLink, Spinner } from '../ui/Button';
import * as styles from './organiser.css';

/** Loading, error and not-found screens of the organiser routes. */
export function WizardLoading() {
  return (
    <main id="main" className={styles.page}>
      <p className={styles.lead}>
        <Spinner label="Loading your event" /> Loading your event…
      </p>
    </main>
  );
}

export function WizardError({ error }: ErrorComponentProps) {
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.errorText} role="alert">
        {error instanceof Error ? error.message : 'Failed to load the event. Please try again later.'}
      </p>
      <div>
        <ButtonLink to="/profile">Back to My Events</ButtonLink>
      </div>
    </main>
  );
}

export function WizardNotFound() {
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.title}>Event not found</h1>
      <p className={styles.lead}>This event does not exist, or it is not one of yours.</p>
      <div>
        <ButtonLink to="/profile">Back to My Events</ButtonLink>
      </div>
    </main>
  );
}
