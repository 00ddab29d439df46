import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CheckoutQuestion } from '../../contract/questions';
import { answerErrors, answerKey, answersFrom, seatsOf } from '../../machines/checkout/answers';
import { fromOrder } from '../../machines/checkout/context';
import { checkoutMachine } from '../../machines/checkout.machine';
import { event, FREE_ID, NOW, ORDER_ID, order, PAID_ID, tickets } from '../helpers/checkoutFixtures';
import { load, withClock } from '../helpers/checkoutModel';
import { resolvingActor } from '../helpers/machineModel';

/**
 * The organiser's checkout questions on the contact step (decision 045): a required one blocks
 * Continue with the message under its field; per-attendee ones are asked for each seat; what is
 * sent is what the server checks.
 */
const shirt: CheckoutQuestion = {
  id: '9a000000-0000-4000-8000-000000000001',
  label: 'T-shirt size',
  kind: 'choice',
  scope: 'attendee',
  required: true,
  options: ['S', 'M', 'L'],
};
const matric: CheckoutQuestion = {
  id: '9a000000-0000-4000-8000-000000000002',
  label: 'Matric number',
  kind: 'text',
  scope: 'order',
  required: false,
  options: [],
};
const dinner: CheckoutQuestion = {
  id: '9a000000-0000-4000-8000-000000000003',
  label: 'Dinner?',
  kind: 'yes_no',
  scope: 'order',
  required: true,
  options: [],
};
const questions = [shirt, matric, dinner];

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

describe('checkout questions on the contact step', () => {
  it('lists the seats type by type, each type’s seats from 0, as tickets are issued', () => {
    expect(
      seatsOf(tickets, { [FREE_ID]: 1, [PAID_ID]: 2 }).map((s) => [s.ticketId, s.index, s.number]),
    ).toEqual([
      [PAID_ID, 0, 1],
      [PAID_ID, 1, 2],
      [FREE_ID, 0, 3],
    ]);
  });

  it('asks each required question (per seat for per-attendee ones) and sends only what was answered', () => {
    const c = { questions, tickets, quantities: { [PAID_ID]: 2 }, answers: {} };
    expect(answerErrors(c)).toEqual({
      [`answers.${shirt.id}:${PAID_ID}:0`]: 'Please answer this question',
      [`answers.${shirt.id}:${PAID_ID}:1`]: 'Please answer this question',
      [`answers.${dinner.id}`]: 'Please answer this question',
    });
    const answers = {
      [answerKey(shirt.id, { ticketId: PAID_ID, index: 0 })]: 'M',
      [answerKey(shirt.id, { ticketId: PAID_ID, index: 1 })]: 'L',
      // A seat no longer chosen is neither checked nor sent.
      [answerKey(shirt.id, { ticketId: PAID_ID, index: 2 })]: 'S',
      [matric.id]: '   ',
      [dinner.id]: false,
    };
    expect(answerErrors({ ...c, answers })).toEqual({});
    expect(answersFrom({ ...c, answers })).toEqual([
      { questionId: shirt.id, ticketId: PAID_ID, index: 0, value: 'M' },
      { questionId: shirt.id, ticketId: PAID_ID, index: 1, value: 'L' },
      { questionId: dinner.id, value: false },
    ]);
    expect(answerErrors({ ...c, answers: { ...answers, [matric.id]: 'x'.repeat(201) } })).toEqual({
      [`answers.${matric.id}`]: 'Answers can be at most 200 characters',
    });
  });

  it('blocks Continue until required questions are answered, then reserves with the answers', async () => {
    const reserve = vi.fn(async () => withClock({}, 600));
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadCheckout: resolvingActor({ ...load(null), questions }),
          reserveOrder: fromPromise(reserve) as never,
        },
      }),
      {
        input: {
          eventId: event._id,
          step: 'selection',
          buyer: { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.ng' },
        },
      },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'quantity.change', ticketId: PAID_ID, quantity: 2 });
    actor.send({ type: 'selection.proceed' });
    actor.send({ type: 'contact.change', field: 'confirmEmail', value: 'ada@example.ng' });
    actor.send({ type: 'contact.change', field: 'phone', value: '8031234567' });
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().matches({ flow: 'contact' })).toBe(true);
    expect(actor.getSnapshot().context.contactErrors).toEqual({
      [`answers.${shirt.id}:${PAID_ID}:0`]: 'Please answer this question',
      [`answers.${shirt.id}:${PAID_ID}:1`]: 'Please answer this question',
      [`answers.${dinner.id}`]: 'Please answer this question',
    });
    actor.send({ type: 'answer.change', key: `${shirt.id}:${PAID_ID}:0`, value: 'M' });
    actor.send({ type: 'answer.change', key: `${shirt.id}:${PAID_ID}:1`, value: 'S' });
    // Errors follow each answer once Continue was pressed.
    expect(Object.keys(actor.getSnapshot().context.contactErrors)).toEqual([`answers.${dinner.id}`]);
    actor.send({ type: 'answer.change', key: dinner.id, value: true });
    actor.send({ type: 'answer.change', key: matric.id, value: ' U2026/1 ' });
    actor.send({ type: 'contact.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reserve).toHaveBeenCalledTimes(1);
    expect((reserve.mock.calls[0] as unknown as [{ input: { answers: unknown } }])[0].input.answers).toEqual([
      { questionId: shirt.id, ticketId: PAID_ID, index: 0, value: 'M' },
      { questionId: shirt.id, ticketId: PAID_ID, index: 1, value: 'S' },
      { questionId: matric.id, value: 'U2026/1' },
      { questionId: dinner.id, value: true },
    ]);
    expect(actor.getSnapshot().matches({ flow: 'payment' })).toBe(true);
  });

  it('sends no answers at all when the event asks nothing (the request is as before)', async () => {
    const reserve = vi.fn(async () => withClock({}, 600));
    const actor = createActor(
      checkoutMachine.provide({
        actors: { loadCheckout: resolvingActor(load(null)), reserveOrder: fromPromise(reserve) as never },
      }),
      {
        input: {
          eventId: event._id,
          step: 'selection',
          buyer: { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.ng' },
        },
      },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'quantity.change', ticketId: PAID_ID, quantity: 1 });
    actor.send({ type: 'selection.proceed' });
    actor.send({ type: 'contact.change', field: 'confirmEmail', value: 'ada@example.ng' });
    actor.send({ type: 'contact.change', field: 'phone', value: '8031234567' });
    actor.send({ type: 'contact.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reserve).toHaveBeenCalledTimes(1);
    expect('answers' in (reserve.mock.calls[0] as unknown as [{ input: object }])[0].input).toBe(false);
  });
});

describe('a resumed order refills the answers (a reload of the contact step keeps them)', () => {
  it('maps each answer the order carries back to the key its field reads', () => {
    const resumed = order({
      items: [
        {
          ticketId: PAID_ID,
          ticketName: 'Regular',
          unitPrice: 5000,
          quantity: 2,
          amount: 10_000,
          refundedQuantity: 0,
        },
      ],
      answers: [
        { questionId: shirt.id, ticketId: PAID_ID, index: 1, value: 'L' },
        { questionId: dinner.id, value: false },
        { questionId: matric.id, value: 'U2026/1' },
      ],
    });
    const { answers, quantities } = fromOrder(resumed, tickets);
    expect(answers).toEqual({
      [answerKey(shirt.id, { ticketId: PAID_ID, index: 1 })]: 'L',
      [dinner.id]: false,
      [matric.id]: 'U2026/1',
    });
    // What the contact step would send again is what the order holds.
    expect(answersFrom({ questions, tickets, quantities, answers })).toEqual([
      { questionId: shirt.id, ticketId: PAID_ID, index: 1, value: 'L' },
      { questionId: matric.id, value: 'U2026/1' },
      { questionId: dinner.id, value: false },
    ]);
  });
});

describe('a waiting-list offer is claimed through the questions (issue #32 item 4, decision 050)', () => {
  const claim = (over: Parameters<typeof order>[0]) =>
    createActor(
      checkoutMachine.provide({
        actors: { loadCheckout: resolvingActor({ ...load(over, 600), questions }) },
      }),
      { input: { orderId: ORDER_ID, step: 'confirmation' } },
    ).start();

  it('an offer without answers opens on the questions, not on payment', async () => {
    const actor = claim({ answers: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ flow: 'contact' })).toBe(true);
    actor.send({ type: 'contact.submit' });
    expect(Object.keys(actor.getSnapshot().context.contactErrors)).toEqual([
      `answers.${shirt.id}:${PAID_ID}:0`,
      `answers.${dinner.id}`,
    ]);
  });

  it('a hold with its answers goes to payment as before', async () => {
    const actor = claim({
      answers: [
        { questionId: shirt.id, ticketId: PAID_ID, index: 0, value: 'M' },
        { questionId: dinner.id, value: true },
      ],
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ flow: 'payment' })).toBe(true);
  });
});
