import type { SnapshotFrom } from 'xstate';
import { getNextSnapshot } from 'xstate';
import { TestModel, type TestPath } from 'xstate/graph';
import { contactErrors } from '../../machines/checkout/contact';
import { totalQuantity } from '../../machines/checkout/selection';
import { type CheckoutInput, checkoutMachine } from '../../machines/checkout.machine';
import { httpError, networkError } from './callErrors';
import { event, NOW, ORDER_ID, order, PAID_ID, tickets } from './checkoutFixtures';

/** The checkout machine's model: its events, its abstraction of the context, its entry URLs. */
// A 2-second hold keeps the graph small; the countdown over 15 minutes is checked on its own below.
export const HOLD = 2;
export const load = (over: Partial<Parameters<typeof order>[0]> | null, secondsLeft = HOLD) => ({
  event,
  tickets,
  order: over === null ? null : order(over),
  secondsLeft,
  now: NOW,
});
export const withClock = (over: Parameters<typeof order>[0] = {}, secondsLeft = HOLD) => ({
  order: order(over),
  secondsLeft,
});

export const events = [
  { type: 'load.retry' },
  { type: 'quantity.change', ticketId: PAID_ID, quantity: 1 },
  { type: 'quantity.change', ticketId: PAID_ID, quantity: 0 },
  { type: 'selection.proceed' },
  { type: 'contact.change', field: 'confirmEmail', value: 'ada@example.ng' },
  { type: 'contact.change', field: 'phone', value: '8031234567' },
  { type: 'contact.change', field: 'phone', value: '123' },
  { type: 'contact.sendToOthers', value: true },
  { type: 'contact.sendToOthers', value: false },
  { type: 'attendee.change', index: 0, field: 'firstName', value: 'Chidi' },
  { type: 'attendee.change', index: 0, field: 'lastName', value: 'Eze' },
  { type: 'attendee.change', index: 0, field: 'email', value: 'chidi@example.ng' },
  { type: 'attendee.change', index: 0, field: 'confirmEmail', value: 'chidi@example.ng' },
  // The fixtures' event asks no questions, so here this only records an answer; the questions
  // themselves are walked in test/machines/checkoutAnswers.test.ts and e2e/checkout-questions.spec.ts
  // (the browser model's flows ask this one, optional and per order: e2e/model/flows/checkout).
  { type: 'answer.change', key: 'matric', label: 'Matric number', value: 'U2026/1234' },
  { type: 'contact.submit' },
  { type: 'step.back', to: 'selection' },
  { type: 'step.back', to: 'contact' },
  { type: 'discount.change', code: 'EARLYBIRD' },
  { type: 'discount.apply' },
  { type: 'discount.remove' },
  { type: 'terms.change', accepted: true },
  { type: 'terms.change', accepted: false },
  { type: 'updates.change', accepted: true },
  { type: 'payment.submit' },
  { type: 'payment.retry' },
  { type: 'checkout.restart' },
  { type: 'xstate.after.second.checkout.hold.counting' },
  { type: 'xstate.after.poll.checkout.flow.processing' },
  { type: 'xstate.done.actor.loadCheckout', output: load(null) },
  { type: 'xstate.done.actor.loadCheckout', output: load({}) },
  { type: 'xstate.done.actor.loadCheckout', output: load({}, 0) },
  { type: 'xstate.done.actor.loadCheckout', output: load({ payment: 'pending' }) },
  { type: 'xstate.done.actor.loadCheckout', output: load({ payment: 'failed' }) },
  { type: 'xstate.done.actor.loadCheckout', output: load({ status: 'paid', payment: 'success' }) },
  { type: 'xstate.done.actor.loadCheckout', output: load({ status: 'expired' }) },
  {
    type: 'xstate.done.actor.loadCheckout',
    output: load({ status: 'refunded', statusMessage: 'Refunded.' }),
  },
  { type: 'xstate.error.actor.loadCheckout', error: httpError(404, 'Order not found') },
  { type: 'xstate.error.actor.loadCheckout', error: httpError(403, 'Not your order') },
  { type: 'xstate.error.actor.loadCheckout', error: networkError() },
  { type: 'xstate.done.actor.reserveOrder', output: withClock() },
  { type: 'xstate.error.actor.reserveOrder', error: httpError(409, 'VIP is sold out') },
  {
    type: 'xstate.done.actor.applyDiscount',
    output: withClock({ discountCode: 'EARLYBIRD', discount: 500, fees: 67.5, total: 4567.5 }),
  },
  { type: 'xstate.error.actor.applyDiscount', error: httpError(400, 'This code has expired') },
  { type: 'xstate.done.actor.removeDiscount', output: withClock() },
  { type: 'xstate.error.actor.removeDiscount', error: networkError() },
  {
    type: 'xstate.done.actor.payOrder',
    output: { order: order({ status: 'paid', payment: 'success', total: 0 }) },
  },
  {
    type: 'xstate.done.actor.payOrder',
    output: { authorizationUrl: '/pay/test/GP-1-a', reference: 'GP-1-a' },
  },
  {
    type: 'xstate.error.actor.payOrder',
    error: httpError(409, 'Your reservation has ended. Please choose your tickets again.'),
  },
  { type: 'xstate.error.actor.payOrder', error: httpError(400, 'Please accept the terms') },
  { type: 'xstate.done.actor.verifyOrder', output: withClock({ status: 'paid', payment: 'success' }) },
  { type: 'xstate.done.actor.verifyOrder', output: withClock({ payment: 'failed' }) },
  { type: 'xstate.done.actor.verifyOrder', output: withClock({ payment: 'pending' }) },
  { type: 'xstate.done.actor.verifyOrder', output: withClock({ status: 'expired' }) },
  {
    type: 'xstate.done.actor.verifyOrder',
    output: withClock({ status: 'refund_due', statusMessage: 'Refund due.' }),
  },
  { type: 'xstate.error.actor.verifyOrder', error: networkError() },
] as const;

type Snap = SnapshotFrom<typeof checkoutMachine>;
type AnyEvent = { type: string };
/**
 * The model's abstraction of the context: what changes behaviour on the step the flow is in (the
 * contact form's validity on the contact step, the discount and terms on the payment step), plus
 * what every step shows (the hold, the order, the message). A finer key only multiplies vertices.
 */
export const key = (s: Snap) => {
  const c = s.context;
  const base = [c.requested, c.error !== null, c.secondsLeft, c.order && [c.order.status, c.order.payment]];
  if (s.matches({ flow: 'selection' })) return [...base, totalQuantity(c.quantities)];
  if (s.matches({ flow: 'contact' }) || s.matches({ flow: 'reserving' }))
    return [
      ...base,
      Object.keys(contactErrors(c.contact, c.sendToOthers, c.attendees)).length,
      c.contactSubmitted && Object.keys(c.contactErrors).length,
      c.sendToOthers,
    ];
  // Every later state keeps what the payment step had (a 409 from pay reloads the order, then a
  // failed or retried load shows payment again with it).
  return [
    ...base,
    c.order?.discountCode != null,
    c.discountCode !== '',
    c.discountError !== null,
    c.discountNotice !== null,
    c.acceptTerms,
    c.termsError !== null,
  ];
};

const isLoadEvent = (type: string) => type.endsWith('actor.loadCheckout') || type === 'load.retry';
const confirmationEvents = new Set([
  'payment.retry',
  'checkout.restart',
  'xstate.after.second.checkout.hold.counting',
  'xstate.after.poll.checkout.flow.processing',
]);

/**
 * The events each entry URL's model sends. Opened on selection, the whole purchase is walked; the
 * reloads (contact, payment) add how a load resumes; /orders/{id} adds the return from the provider
 * up to the point where it hands back to the payment step.
 */
export function eventsFor(input: CheckoutInput) {
  return (s: Snap) => {
    if (input.step === 'selection')
      return events.filter((e) => !/verifyOrder|after\.poll|payment\.retry/.test(e.type));
    if (s.matches({ flow: 'loading' }) || s.matches({ flow: 'loadFailed' }))
      return events.filter((e) => isLoadEvent(e.type));
    if (input.step !== 'confirmation') return [];
    if (s.matches({ flow: 'payment' }) || s.matches({ flow: 'selection' })) return [];
    return events.filter((e) => confirmationEvents.has(e.type) || e.type.endsWith('actor.verifyOrder'));
  };
}

export const buyer = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.ng' };
// Each URL the flow can be opened on, fresh or on a reload.
export const inputs: CheckoutInput[] = [
  { eventId: event._id, step: 'selection', buyer },
  { eventId: event._id, orderId: ORDER_ID, step: 'contact', buyer },
  { eventId: event._id, orderId: ORDER_ID, step: 'payment', buyer },
  { orderId: ORDER_ID, step: 'confirmation', buyer },
];

/**
 * The model for one entry URL. Unlike `flowModel`, a vertex is the abstracted state alone (not the
 * transition that led to it): with two regions and a countdown, the transition-aware graph grows
 * into tens of thousands of paths. The test asserts every transition is still taken
 * (expectFullCoverage): `checkoutPaths` adds a step for each transition the shortest paths miss.
 */
export function checkoutModel(input: CheckoutInput) {
  return new TestModel(
    checkoutMachine as never,
    {
      input,
      events: eventsFor(input) as never,
      filterEvents: (state: Snap, event: { type: string }) => {
        const actorEvent = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
        if (actorEvent?.[1] && !(actorEvent[1] in (state.children ?? {}))) return false;
        return checkoutMachine.getTransitionData(state as never, event as never).length > 0;
      },
      serializeState: (state: Snap) => JSON.stringify([state.value, key(state)]),
    } as never,
  );
}

/**
 * Shortest paths reach every abstract state; a transition that leads to an already-known state
 * (a retry back to loading, an edit that changes nothing the key sees) is then added as one more
 * step on the shortest path to a state where it is enabled, once.
 */
export function checkoutPaths(input: CheckoutInput): TestPath<Snap, AnyEvent>[] {
  const paths = checkoutModel(input).getShortestPaths() as TestPath<Snap, AnyEvent>[];
  const taken = new Set<string>();
  for (const path of paths)
    path.steps.forEach((step, i) => {
      const prev = path.steps[i - 1]?.state;
      if (prev)
        for (const t of checkoutMachine.getTransitionData(prev as never, step.event as never))
          taken.add(describe(t));
    });
  const extra: TestPath<Snap, AnyEvent>[] = [];
  // The model leaves out paths that are prefixes of longer ones: every prefix ends at a state too.
  const prefixes = paths.flatMap((path) =>
    path.steps.map((step, i) => ({ ...path, state: step.state, steps: path.steps.slice(0, i + 1) })),
  );
  for (const path of prefixes) {
    const state = path.state;
    if (!state) continue;
    for (const event of eventsFor(input)(state)) {
      const actorEvent = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
      if (actorEvent?.[1] && !(actorEvent[1] in (state.children ?? {}))) continue;
      const transitions = checkoutMachine.getTransitionData(state as never, event as never);
      const fresh = transitions.map(describe).filter((t) => !taken.has(t));
      if (fresh.length === 0) continue;
      for (const t of fresh) taken.add(t);
      const next = getNextSnapshot(checkoutMachine, state as never, event as never) as Snap;
      extra.push({
        ...path,
        state: next,
        steps: [...path.steps, { state: next, event }],
        description: `${path.description} then ${event.type}`,
      } as TestPath<Snap, AnyEvent>);
    }
  }
  return [...paths, ...extra];
}

// biome-ignore lint/suspicious/noExplicitAny: transition definitions of the machine
function describe(t: any): string {
  const guard =
    typeof t.guard === 'string' ? t.guard : t.guard?.type ? String(t.guard.type) : t.guard ? 'inline' : '';
  return `${t.source.id} --${t.eventType}--> ${(t.target ?? []).map((n: { id: string }) => n.id).join(',') || '(self)'} [${guard}]`;
}

/**
 * What the machine's own raised events did during one step: `hold.start`/`hold.stop` seen in the
 * countdown region's change, `hold.ended` in a waiting step giving way to 'expired' on a tick.
 */
export function raisedTransitions(prev: Snap, next: Snap, event: { type: string }): string[] {
  const out: string[] = [];
  const hold = (s: Snap) => (s.value as { hold: string }).hold;
  const flowTop = (s: Snap) => {
    const flow = (s.value as { flow: string | Record<string, string> }).flow;
    return typeof flow === 'string' ? flow : Object.keys(flow)[0];
  };
  const [from, to] = [hold(prev), hold(next)];
  const tick = event.type.startsWith('xstate.after.second');
  if (from === 'idle' && to === 'counting')
    out.push('checkout.hold.idle --hold.start--> checkout.hold.counting []');
  if (from === 'counting' && to === 'counting' && !tick)
    out.push('checkout.hold.counting --hold.start--> checkout.hold.counting []');
  if (from === 'counting' && to === 'idle' && !tick)
    out.push('checkout.hold.counting --hold.stop--> checkout.hold.idle []');
  if (from === 'over' && to === 'idle') out.push('checkout.hold.over --hold.stop--> checkout.hold.idle []');
  if (from === 'counting' && tick && flowTop(next) === 'expired' && flowTop(prev) !== 'expired')
    out.push(`checkout.flow.${flowTop(prev)} --hold.ended--> checkout.flow.expired []`);
  // A tick to 'over' then 'expired' stops the countdown in the same step.
  if (from === 'counting' && tick && to === 'idle')
    out.push('checkout.hold.over --hold.stop--> checkout.hold.idle []');
  return out;
}
