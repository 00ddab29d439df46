import { Navigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Step } from '../../machines/checkout/resume';
import { CheckoutFrame } from './CheckoutFrame';
import { CheckoutLoadFailed, CheckoutLoading, HoldExpired } from './CheckoutStates';
import { ConfirmationView } from './ConfirmationView';
import { ContactStep } from './ContactStep';
import type { CheckoutActor } from './checkoutSession';
import { PaymentStep } from './PaymentStep';
import { type DateChoice, SelectionStep } from './SelectionStep';
import { stepOf } from './steps';

/**
 * What every checkout route renders: the machine's state. When the flow is on another step than
 * the URL (it moved on, or the URL was opened out of order), the browser goes to the flow's step.
 */
export function CheckoutStep({
  actor,
  route,
  dates,
}: {
  actor: CheckoutActor;
  route: Step;
  /** The event's dates on the selection step (decision 046). */
  dates?: DateChoice;
}) {
  const step = useSelector(actor, stepOf);
  const eventId = useSelector(actor, (s) => s.context.eventId);
  const orderId = useSelector(actor, (s) => s.context.orderId);
  const loading = useSelector(actor, (s) => s.matches({ flow: 'loading' }));
  const loadFailed = useSelector(actor, (s) => s.matches({ flow: 'loadFailed' }));
  const expired = useSelector(actor, (s) => s.matches({ flow: 'expired' }));

  if (step && step !== route) {
    if (step === 'selection' && eventId)
      return <Navigate to="/get-tickets/$eventId" params={{ eventId }} replace />;
    if (step === 'contact') return <Navigate to="/get-tickets/contact" replace />;
    if (step === 'payment') return <Navigate to="/get-tickets/checkout" replace />;
    if (step === 'confirmation' && orderId)
      return <Navigate to="/orders/$orderId" params={{ orderId }} replace />;
  }
  const shown = step === 'confirmation' || route === 'confirmation' ? null : (step ?? route);
  return (
    <CheckoutFrame actor={actor} step={shown}>
      {loading ? (
        <CheckoutLoading />
      ) : loadFailed ? (
        <CheckoutLoadFailed actor={actor} />
      ) : expired ? (
        <HoldExpired actor={actor} />
      ) : step === 'selection' ? (
        <SelectionStep actor={actor} dates={dates} />
      ) : step === 'contact' ? (
        <ContactStep actor={actor} />
      ) : step === 'payment' ? (
        <PaymentStep actor={actor} />
      ) : (
        <ConfirmationView actor={actor} />
      )}
    </CheckoutFrame>
  );
}
