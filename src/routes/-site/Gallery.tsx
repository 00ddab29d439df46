import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { fromPromise } from 'xstate';
import { eventsSectionMachine } from '../../../machines/eventsSection.machine';
import { fetchNewestEvents } from '../../api/events';
import { EventCard } from '../../events/EventCard';
import { Button } from '../../ui/Button';
import { CheckboxField, TextAreaField, TextField } from '../../ui/Field';
import { notify } from '../../ui/notify';
import { Faq } from './Faq';
import * as styles from './gallery.css';

const newestOne = eventsSectionMachine.provide({
  actors: { fetchEvents: fromPromise(() => fetchNewestEvents(1)) },
});

/** One theme's worth of components. `theme` only picks the panel's colours. */
export function GalleryPanel({ theme }: { theme: 'light' | 'dark' }) {
  const id = useId();
  const sample = useActorRef(newestOne);
  const events = useSelector(sample, (s) => s.context.events);
  const state = useSelector(sample, (s) => s.value);
  const name = theme === 'light' ? 'Light theme' : 'Dark theme';
  return (
    <section
      className={theme === 'light' ? styles.lightPanel : styles.darkPanel}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        {name}
      </h2>

      <div className={styles.group}>
        <h3 className={styles.groupTitle}>Buttons</h3>
        <div className={styles.row}>
          <Button>Primary</Button>
          <Button tone="secondary">Secondary</Button>
          <Button tone="ghost">Ghost</Button>
          <Button tone="accent">Accent</Button>
          <Button tone="danger">Danger</Button>
        </div>
        <div className={styles.row}>
          <Button size="sm">Small</Button>
          <Button size="lg">Large</Button>
          <Button busy>Sending...</Button>
          <Button disabled>Disabled</Button>
        </div>
      </div>

      <div className={styles.group}>
        <h3 className={styles.groupTitle}>Event card</h3>
        <div className={styles.cardSlot}>
          {events[0] ? (
            <EventCard event={events[0]} headingLevel={3} />
          ) : (
            <p className={styles.muted}>
              {state === 'loading' ? 'Loading events...' : 'No published event to show yet.'}
            </p>
          )}
        </div>
      </div>

      <div className={styles.group}>
        <h3 className={styles.groupTitle}>Form fields</h3>
        <TextField id={`${id}-name`} requiredMark label="First Name" placeholder="Adaeze" />
        <TextField
          id={`${id}-email`}
          label="Email Address"
          requiredMark
          defaultValue="adaeze@"
          error="Invalid email address"
        />
        <TextAreaField id={`${id}-message`} label="Your Message" rows={3} />
        <CheckboxField id={`${id}-agree`} label="I agree to the Terms & conditions" defaultChecked />
      </div>

      <div className={styles.group}>
        <h3 className={styles.groupTitle}>Toasts</h3>
        <div className={styles.row}>
          <Button tone="secondary" onClick={() => notify.success('Email Sent successfully!')}>
            Success toast
          </Button>
          <Button tone="secondary" onClick={() => notify.error('Failed to send email: Network Error')}>
            Error toast
          </Button>
        </div>
      </div>

      <Faq />
    </section>
  );
}
