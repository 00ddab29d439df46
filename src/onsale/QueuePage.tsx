import { Navigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { onsaleQueueMachine } from '../../machines/onsaleQueue.machine';
import { fetchPlace, joinQueue } from '../api/onsale';
import { keepPass } from './passStore';
import * as styles from './QueuePage.css';
import { QueueStanding } from './QueueStanding';

/**
 * The waiting room page (decision 059): joins, then shows where the buyer stands as the machine
 * (machines/onsaleQueue.machine.ts) learns it. No room → straight on to the tickets.
 */
export function QueuePage({ eventId, eventName }: { eventId: string; eventName: string | null }) {
  const actor = useActorRef(
    onsaleQueueMachine.provide({
      actors: {
        join: fromPromise(({ input }) => joinQueue(input.eventId)),
        poll: fromPromise(({ input }) => fetchPlace(input.eventId)),
      },
      actions: {
        keepPass: (_, place) => {
          if (place.pass && place.passExpiresAt) keepPass(place.eventId, place.pass, place.passExpiresAt);
        },
      },
    }),
    { input: { eventId } },
  );
  const closed = useSelector(actor, (s) => s.matches('closed'));
  const admitted = useSelector(actor, (s) => s.matches('admitted'));

  // A phone back on a network asks at once instead of waiting out its backoff.
  useEffect(() => {
    const retry = () => actor.send({ type: 'connection.retry' });
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [actor]);

  if (closed) return <Navigate to="/get-tickets/$eventId" params={{ eventId }} replace />;
  return (
    <main className={styles.page}>
      <header>
        <p className={styles.eyebrow}>{admitted ? 'Your turn' : 'Waiting room'}</p>
        <h1 className={styles.title}>{eventName ?? 'Tickets'}</h1>
      </header>
      <QueueStanding actor={actor} eventId={eventId} />
    </main>
  );
}
