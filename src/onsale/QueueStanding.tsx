import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { OnsalePlace } from '../../contract/onsale';
import type { onsaleQueueMachine } from '../../machines/onsaleQueue.machine';
import { Button, ButtonLink, Spinner } from '../ui/Button';
import * as styles from './QueuePage.css';

/** What the waiting page says in each of the machine's states; the numbers are the server's. */

type Actor = ActorRefFrom<typeof onsaleQueueMachine>;

const count = new Intl.NumberFormat('en-NG');
const lagosTime = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const clock = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
});

/** An honest wait: rounded up to what the rate says, never "any moment now" when it is not. */
export function waitText(seconds: number | null): string {
  if (seconds === null) return 'working it out…';
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `about ${h} h ${m} min`;
}

export function QueueStanding({ actor, eventId }: { actor: Actor; eventId: string }) {
  const state = useSelector(actor, (s) =>
    s.matches('joining') && !s.context.place
      ? 'joining'
      : ((['draw', 'waiting', 'admitted', 'expired', 'soldOut', 'offline', 'refused'] as const).find((n) =>
          s.matches(n),
        ) ?? 'updating'),
  );
  const place = useSelector(actor, (s) => s.context.place);
  const error = useSelector(actor, (s) => s.context.error);

  if (state === 'joining')
    return (
      <section className={styles.card} aria-live="polite">
        <p className={styles.lead}>
          <Spinner /> Getting your place in the queue…
        </p>
      </section>
    );
  if (state === 'refused')
    return (
      <section className={styles.card}>
        <p className={styles.warn} role="alert">
          {error}
        </p>
        <div className={styles.actions}>
          <Button onClick={() => actor.send({ type: 'connection.retry' })}>Try again</Button>
        </div>
      </section>
    );
  return (
    <>
      {state === 'offline' && (
        <div className={styles.offline} role="status">
          <span>{error}</span>
          <Button size="sm" tone="secondary" onClick={() => actor.send({ type: 'connection.retry' })}>
            Try now
          </Button>
        </div>
      )}
      {place && <Standing place={place} state={state} actor={actor} eventId={eventId} />}
    </>
  );
}

function Standing({
  place,
  state,
  actor,
  eventId,
}: {
  place: OnsalePlace;
  state: string;
  actor: Actor;
  eventId: string;
}) {
  const opens = place.opensAt ? lagosTime.format(new Date(place.opensAt)) : null;
  if (place.state === 'draw')
    return (
      <section className={styles.card} aria-live="polite">
        <p className={styles.lead}>
          You’re in the draw. When sales open{opens ? ` (${opens}, Lagos time)` : ''}, everyone who joined
          before then gets a place at random — arriving earlier gives no advantage.
        </p>
        <dl className={styles.figures}>
          <Figure label="In the draw so far" value={count.format(place.inDraw)} />
          <Figure label="Admitted each second" value={count.format(place.admitPerSecond)} />
        </dl>
        <p className={styles.note}>
          At that rate the whole draw is through {waitText(place.estimateSeconds)} from now. Keep this page
          open, or come back: your place is kept on your account, not on this phone.
        </p>
      </section>
    );
  if (place.state === 'admitted')
    return (
      <section className={`${styles.card} ${styles.turn}`} aria-live="assertive">
        <p className={styles.lead}>It’s your turn. Choose your tickets now.</p>
        <p className={styles.note}>
          Your pass lasts until {place.passExpiresAt ? clock.format(new Date(place.passExpiresAt)) : 'soon'}.
          If you don’t reserve by then, your turn passes to the next person.
        </p>
        <div className={styles.actions}>
          <ButtonLink to="/get-tickets/$eventId" params={{ eventId }} size="lg" block>
            Choose tickets
          </ButtonLink>
        </div>
      </section>
    );
  if (place.state === 'expired')
    return (
      <section className={styles.card} aria-live="polite">
        <p className={styles.lead}>Your turn has passed.</p>
        <p className={styles.note}>
          Your pass ran out before you reserved. You can join again at the back of the queue.
        </p>
        <div className={styles.actions}>
          <Button onClick={() => actor.send({ type: 'queue.rejoin' })}>Join the queue again</Button>
        </div>
      </section>
    );
  if (place.state === 'soldOut')
    return (
      <section className={styles.card} aria-live="polite">
        <p className={styles.lead}>Sold out — for now.</p>
        <p className={styles.note}>
          Every seat is sold or held at checkout. Holds that end put seats back, and people in the queue are
          let in for them. Keep this page open if you want to try.
        </p>
        {place.place !== null && (
          <dl className={styles.figures}>
            <Figure label="Your place" value={count.format(place.place)} />
          </dl>
        )}
      </section>
    );
  const ahead = place.place === null ? null : Math.max(0, place.place - place.admitted - 1);
  return (
    <section className={styles.card} aria-live="polite" aria-busy={state === 'updating'}>
      <dl className={styles.figures}>
        <Figure label="Your place" value={place.place === null ? '—' : count.format(place.place)} />
        <Figure label="Ahead of you" value={ahead === null ? '—' : count.format(ahead)} />
      </dl>
      <progress
        className={styles.bar}
        aria-label="Queue progress"
        value={place.admitted}
        max={Math.max(1, place.place ?? 1)}
      />
      <p className={styles.lead}>Your turn in {waitText(place.estimateSeconds)}.</p>
      <p className={styles.note}>
        {count.format(place.admitPerSecond)} {place.admitPerSecond === 1 ? 'person is' : 'people are'} let in
        each second, in queue order. This page updates by itself; reloading or losing signal does not lose
        your place.
      </p>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.figure}>
      <dt className={styles.figureLabel}>{label}</dt>
      <dd className={styles.figureValue}>{value}</dd>
    </div>
  );
}
