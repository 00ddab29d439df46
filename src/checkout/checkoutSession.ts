import { type Actor, createActor, fromPromise } from 'xstate';
import type { Step } from '../../machines/checkout/resume';
import { type CheckoutInput, checkoutMachine } from '../../machines/checkout.machine';
import * as api from '../api/orders';
import { readStoredUser } from '../app/storage';
import { buyerPrefill, rememberBuyer } from './buyerMemory';
import { readStoredCheckout as readStored, writeStoredCheckout as writeStored } from './checkoutStorage';
import { isBefore, stepOf } from './steps';

/**
 * The tab's one checkout actor, shared by the four step routes (the flow outlives a route change).
 * What a reload needs is kept in sessionStorage (./checkoutStorage.ts).
 */
export type CheckoutActor = Actor<typeof checkoutMachine>;

const provided = checkoutMachine.provide({
  actors: {
    loadCheckout: fromPromise(({ input }) => api.loadCheckout(input)),
    reserveOrder: fromPromise(({ input }) => api.reserveOrder(input)),
    applyDiscount: fromPromise(({ input }) => api.applyDiscount(input.orderId, input.code)),
    removeDiscount: fromPromise(({ input }) => api.removeDiscount(input.orderId)),
    payOrder: fromPromise(({ input }) => api.payOrder(input.orderId, input.emailUpdates)),
    verifyOrder: fromPromise(({ input }) => api.verifyOrder(input.orderId)),
  },
  actions: {
    remember: (_, params) => writeStored(params),
    rememberBuyer: (_, buyer) => rememberBuyer(buyer),
    goToProvider: (_, { url }) => window.location.assign(url),
  },
});

let current: { actor: CheckoutActor; userId: string | null } | null = null;

function start(input: CheckoutInput): CheckoutActor {
  current?.actor.stop();
  const user = readStoredUser();
  const actor = createActor(provided, {
    input: {
      ...input,
      buyer: user ? buyerPrefill(user) : {},
    },
  });
  actor.start();
  current = { actor, userId: user?._id ?? null };
  return actor;
}

/** The current actor, unless it belongs to someone who has since signed out. */
function live(): CheckoutActor | null {
  if (!current) return null;
  if (current.userId !== (readStoredUser()?._id ?? null)) {
    current.actor.stop();
    current = null;
    return null;
  }
  return current.actor;
}

const finished = (actor: CheckoutActor) => {
  const s = actor.getSnapshot();
  return (
    s.matches({ flow: 'confirmed' }) || s.matches({ flow: 'ended' }) || s.matches({ flow: 'redirecting' })
  );
};

/**
 * The checkout for the URL being opened, or null when there is none to show (a contact or payment
 * URL opened with no checkout in this tab). Opening an earlier step's URL (the browser's Back button)
 * takes the flow back there; a later one is left to the route, which redirects to the flow's step.
 */
export function checkoutFor(request: {
  step: Step;
  eventId?: string;
  orderId?: string;
  /** From the selection URL's ?access= (decision 036); a new code starts the checkout over with it. */
  accessCode?: string;
}): CheckoutActor | null {
  const actor = live();
  const context = actor?.getSnapshot().context;
  if (request.step === 'selection' && request.eventId) {
    const sameCode = !request.accessCode || request.accessCode === context?.accessCode;
    if (actor && context?.eventId === request.eventId && sameCode && !finished(actor))
      return goBack(actor, 'selection');
    const stored = readStored();
    const same = stored?.eventId === request.eventId;
    return start({
      eventId: request.eventId,
      orderId: same ? stored.orderId : null,
      quantities: same ? stored.quantities : {},
      accessCode: request.accessCode ?? (same ? stored.accessCode : undefined) ?? null,
      step: 'selection',
    });
  }
  if (request.step === 'confirmation' && request.orderId) {
    if (actor && context?.orderId === request.orderId) return actor;
    const stored = readStored();
    return start({
      orderId: request.orderId,
      eventId: stored?.orderId === request.orderId ? stored.eventId : null,
      step: 'confirmation',
    });
  }
  if (actor) return goBack(actor, request.step);
  const stored = readStored();
  if (!stored?.eventId) return null;
  return start({ ...stored, step: request.step });
}

function goBack(actor: CheckoutActor, to: Step): CheckoutActor {
  const at = stepOf(actor.getSnapshot());
  if ((to === 'selection' || to === 'contact') && at && at !== 'confirmation' && isBefore(to, at))
    actor.send({ type: 'step.back', to });
  return actor;
}
