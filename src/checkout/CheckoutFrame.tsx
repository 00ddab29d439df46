import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { formatCountdown } from '../../machines/otp.machine';
import { formatEventDate, formatEventTime } from '../lib/datetime';
import { visuallyHidden } from '../styles/layout.css';
import * as styles from './checkout.css';
import type { CheckoutActor } from './checkoutSession';
import { isBefore, STEP_LABELS } from './steps';

type ShownStep = keyof typeof STEP_LABELS;

/** The checkout's frame: the event, where the buyer is in the three steps, and the live hold. */
export function CheckoutFrame({
  actor,
  step,
  children,
}: {
  actor: CheckoutActor;
  step: ShownStep | null;
  children: ReactNode;
}) {
  const event = useSelector(actor, (s) => s.context.event);
  return (
    <main id="main" className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Checkout</p>
        <h1 className={styles.title}>{event?.eventName ?? 'Your tickets'}</h1>
        {event && (
          <p className={styles.meta}>
            {formatEventDate(event.startDate)} · {formatEventTime(event.startDate, event.startTime)}
            {event.state ? ` · ${event.state}` : event.eventLocation === 'online' ? ' · Online' : ''}
          </p>
        )}
      </header>
      {step && <Stepper step={step} />}
      <HoldBanner actor={actor} />
      {children}
    </main>
  );
}

function Stepper({ step }: { step: ShownStep }) {
  const steps = Object.keys(STEP_LABELS) as ShownStep[];
  return (
    <ol className={styles.stepper} aria-label="Checkout steps">
      {steps.map((s) => (
        <li
          key={s}
          className={styles.stepItem({
            state: s === step ? 'current' : isBefore(s, step) ? 'done' : 'upcoming',
          })}
          aria-current={s === step ? 'step' : undefined}
        >
          {STEP_LABELS[s]}
        </li>
      ))}
    </ol>
  );
}

/** Contact step's notice, with the countdown the machine keeps. */
function HoldBanner({ actor }: { actor: CheckoutActor }) {
  const counting = useSelector(actor, (s) => s.matches({ hold: 'counting' }));
  const secondsLeft = useSelector(actor, (s) => s.context.secondsLeft);
  if (!counting) return null;
  const low = secondsLeft <= 60;
  return (
    <div className={styles.holdBanner}>
      <p>We've reserved your tickets. Please complete checkout to secure your tickets.</p>
      {/* Read out once a minute at most: a per-second announcement would drown everything else. */}
      <p className={[styles.countdown, low ? styles.countdownLow : ''].join(' ')}>
        <span aria-hidden="true">Time left {formatCountdown(secondsLeft)}</span>
        <span className={visuallyHidden}>{`About ${Math.ceil(secondsLeft / 60)} minutes left`}</span>
      </p>
    </div>
  );
}
