import { httpError, networkError } from '../../../test/helpers/callErrors';
import { events as modelEvents, withClock } from '../../../test/helpers/checkoutModel';
import type { AnySnap } from '../../../test/model/graph';
import { arrive, entryFlow, open } from './checkout/entry';
import { BAD_CODE, CODE, ev, eventGone, HOLD_ENDED, loadDone, SOLD_OUT, ticks } from './checkout/model';

/**
 * The checkout from a first visit: the whole purchase (the mapping all four entry flows share is
 * in checkout/: the person's actions, what the screens show, the data; see checkout/entry.ts).
 */
const payEvents = [
  {
    type: 'xstate.done.actor.payOrder',
    output: { order: withClock({ status: 'paid', payment: 'success' }).order },
  },
  {
    type: 'xstate.done.actor.payOrder',
    output: { authorizationUrl: '/pay/test/GP-1-a', reference: 'GP-1-a' },
  },
  { type: 'xstate.error.actor.payOrder', error: httpError(409, HOLD_ENDED) },
  { type: 'xstate.error.actor.payOrder', error: networkError() },
];

/** The purchase from a first visit: every step, every call's outcomes, the hold running out. */
function purchaseEvents(s: AnySnap): readonly AnySnap[] {
  const c = s.context;
  if (s.matches({ flow: 'loading' }))
    // After a refused payment the page asks the server where the order stands: still payable.
    return c.requested === 'confirmation' ? [loadDone({})] : [loadDone(null), eventGone];
  if (s.matches({ flow: 'loadFailed' })) return ev('load.retry');
  if (s.matches({ flow: 'selection' }))
    return [...ev('quantity.change'), ...ev('selection.proceed'), ...ticks(s)];
  if (s.matches({ flow: 'contact' })) {
    const attendee = c.sendToOthers
      ? modelEvents.filter((e) => e.type === 'attendee.change').slice(0, 1)
      : [];
    return [
      ...modelEvents.filter(
        (e) =>
          e.type === 'contact.change' ||
          e.type === 'contact.sendToOthers' ||
          e.type === 'answer.change' ||
          e.type === 'contact.submit',
      ),
      ...attendee,
      { type: 'step.back', to: 'selection' },
      ...ticks(s),
    ];
  }
  if (s.matches({ flow: 'reserving' }))
    return [
      { type: 'xstate.done.actor.reserveOrder', output: withClock() },
      { type: 'xstate.error.actor.reserveOrder', error: httpError(409, SOLD_OUT) },
    ];
  if (s.matches({ flow: { payment: 'idle' } }))
    return [
      ...modelEvents.filter((e) =>
        [
          'discount.change',
          'discount.apply',
          'discount.remove',
          'terms.change',
          'updates.change',
          'payment.submit',
        ].includes(e.type),
      ),
      { type: 'step.back', to: 'selection' },
      { type: 'step.back', to: 'contact' },
      ...ticks(s),
    ];
  if (s.matches({ flow: { payment: 'applyingDiscount' } }))
    return [
      {
        type: 'xstate.done.actor.applyDiscount',
        output: withClock({ discountCode: CODE, discount: 105, total: 965 }),
      },
      { type: 'xstate.error.actor.applyDiscount', error: httpError(400, BAD_CODE) },
    ];
  if (s.matches({ flow: { payment: 'removingDiscount' } }))
    return [
      { type: 'xstate.done.actor.removeDiscount', output: withClock() },
      { type: 'xstate.error.actor.removeDiscount', error: networkError() },
    ];
  if (s.matches({ flow: 'paying' })) return [...payEvents, ...ticks(s)];
  if (s.matches({ flow: 'expired' })) return ev('checkout.restart');
  return [];
}

export const checkoutFlow = entryFlow({
  name: 'checkout',
  input: { eventId: 'event', step: 'selection' },
  events: purchaseEvents,
  start: async (world) => {
    await arrive(world);
    await open(world, `/get-tickets/${world.data.eventId}`);
  },
});
