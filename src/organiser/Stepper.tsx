import type { WizardStep } from '../../machines/eventWizard.machine';
import * as styles from './organiser.css';

const STEPS = [
  { label: 'DETAILS', covers: ['details'] },
  { label: 'TICKETS', covers: ['tickets', 'preview'] },
  { label: 'APPEARANCE', covers: ['appearance'] },
] as const;

/** DETAILS → TICKETS → APPEARANCE; the preview belongs to the tickets step. */
export function Stepper({ step }: { step: WizardStep }) {
  const current = STEPS.findIndex((s) => (s.covers as readonly string[]).includes(step));
  return (
    <ol className={styles.stepper} aria-label="Event creation steps">
      {STEPS.map((s, i) => (
        <li
          key={s.label}
          className={styles.step}
          data-state={i < current ? 'done' : i === current ? 'current' : 'upcoming'}
          aria-current={i === current ? 'step' : undefined}
        >
          {s.label}
        </li>
      ))}
    </ol>
  );
}
