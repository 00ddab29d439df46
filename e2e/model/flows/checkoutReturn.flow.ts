import { httpError, networkError } from '../../../test/helpers/callErrors';
import { withClock } from '../../../test/helpers/checkoutModel';
import type { AnySnap } from '../../../test/model/graph';
import { reserve } from './checkout/actions';
import { arrive, entryFlow, open } from './checkout/entry';
import { ev, loadDone, poll, REFUNDED, ticks } from './checkout/model';

/** The checkout on the return from the payment provider (/orders/{id}); see checkout/entry.ts. */

/** Back from the provider on /orders/{id}: every way the verified order can stand. */
const verifyOutcomes = [
  { type: 'xstate.done.actor.verifyOrder', output: withClock({ status: 'paid', payment: 'success' }) },
  { type: 'xstate.done.actor.verifyOrder', output: withClock({ payment: 'failed' }) },
  { type: 'xstate.done.actor.verifyOrder', output: withClock({ payment: 'pending' }) },
  { type: 'xstate.done.actor.verifyOrder', output: withClock({ status: 'expired' }) },
  {
    type: 'xstate.done.actor.verifyOrder',
    output: withClock({ status: 'refund_due', statusMessage: REFUNDED }),
  },
  { type: 'xstate.error.actor.verifyOrder', error: networkError() },
];
function returnEvents(s: AnySnap): readonly AnySnap[] {
  if (s.matches({ flow: 'loading' }))
    return [
      loadDone({}),
      loadDone({ payment: 'pending' }),
      loadDone({ payment: 'failed' }),
      loadDone({ status: 'paid', payment: 'success' }),
      loadDone({ status: 'expired' }),
      loadDone({ status: 'refunded', statusMessage: REFUNDED }),
      { type: 'xstate.error.actor.loadCheckout', error: httpError(404, 'Order not found') },
    ];
  if (s.matches({ flow: 'loadFailed' })) return ev('load.retry');
  if (s.matches({ flow: 'processing' })) return [poll];
  if (s.matches({ flow: 'verifying' })) return verifyOutcomes;
  if (s.matches({ flow: 'failed' })) return [...ev('payment.retry'), ...ticks(s)];
  return [];
}

export const checkoutReturnFlow = entryFlow({
  name: 'checkoutReturn',
  input: { orderId: 'order', step: 'confirmation' },
  events: returnEvents,
  start: async (world) => {
    await arrive(world);
    await reserve(world);
    await open(world, `/orders/${world.data.orderId}`);
  },
});
