import { httpError } from '../../../../test/helpers/callErrors';
import { load, events as modelEvents } from '../../../../test/helpers/checkoutModel';
import type { AnySnap } from '../../../../test/model/graph';
import type { Account } from '../../../support/checkout';

/** What the four checkout entry flows share of the model: the texts, the data, the common events. */

export const EVENT = 'Afrobeats Under the Stars';
export const CODE = 'MODELPATH10';
/** The label of the model's one question (test/helpers/checkoutModel.ts answers it). */
export const QUESTION = 'Matric number';
export const SOLD_OUT = '"Regular" is sold out.';
export const BAD_CODE = 'This discount code is not valid for this event.';
export const EVENT_GONE = 'Event not found';
export const HOLD_ENDED = 'Your reservation has ended. Please choose your tickets again.';
export const REFUNDED = 'Your payment arrived after your reservation had ended. We are refunding it in full.';

export type Data = {
  /** A fresh buyer per path (a buyer's new hold replaces the live one, payment state and all). */
  buyers: Account[];
  eventId: string;
  ticketId: string;
  buyer: Account;
  orderId: string;
  reference: string;
};

export const ev = (type: string) => modelEvents.filter((e) => e.type === type);
export const tick = { type: 'xstate.after.second.checkout.hold.counting' };
export const poll = { type: 'xstate.after.poll.checkout.flow.processing' };
export const loadDone = (over: Parameters<typeof load>[0]) => ({
  type: 'xstate.done.actor.loadCheckout',
  output: load(over),
});
export const eventGone = { type: 'xstate.error.actor.loadCheckout', error: httpError(404, EVENT_GONE) };
/** A tick only while no call is in flight (the page's 15 s request timeout runs on the same clock). */
export function ticks(s: AnySnap): AnySnap[] {
  if (!s.matches({ hold: 'counting' })) return [];
  const busy = ['loading', 'reserving', 'verifying'].some((f) => s.matches({ flow: f }));
  if (
    busy ||
    s.matches({ flow: { payment: 'applyingDiscount' } }) ||
    s.matches({ flow: { payment: 'removingDiscount' } })
  )
    return [];
  if (s.matches({ flow: 'paying' }) && s.context.secondsLeft > 1) return [];
  return [tick];
}
