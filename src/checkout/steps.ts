import type { SnapshotFrom } from 'xstate';
import { STEP_ORDER, type Step } from '../../machines/checkout/resume';
import type { checkoutMachine } from '../../machines/checkout.machine';

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/**
 * The step (and so the URL) each state of the flow belongs to. Loading, a failed load and an ended
 * hold have none: they show on whichever step's URL is open.
 */
export function stepOf(snapshot: CheckoutSnapshot): Step | null {
  if (snapshot.matches({ flow: 'selection' })) return 'selection';
  if (snapshot.matches({ flow: 'contact' }) || snapshot.matches({ flow: 'reserving' })) return 'contact';
  if (
    snapshot.matches({ flow: 'payment' }) ||
    snapshot.matches({ flow: 'paying' }) ||
    snapshot.matches({ flow: 'redirecting' })
  )
    return 'payment';
  if (
    snapshot.matches({ flow: 'processing' }) ||
    snapshot.matches({ flow: 'verifying' }) ||
    snapshot.matches({ flow: 'confirmed' }) ||
    snapshot.matches({ flow: 'failed' }) ||
    snapshot.matches({ flow: 'ended' })
  )
    return 'confirmation';
  return null;
}

export const isBefore = (a: Step, b: Step) => STEP_ORDER.indexOf(a) < STEP_ORDER.indexOf(b);

export const STEP_LABELS: Record<Exclude<Step, 'confirmation'>, string> = {
  selection: 'Tickets',
  contact: 'Contact',
  payment: 'Payment',
};
