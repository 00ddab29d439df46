import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { contactErrors } from '../../machines/checkout/contact';
import { availability, selectionSummary } from '../../machines/checkout/selection';
import { checkoutMachine } from '../../machines/checkout.machine';
import { event, FREE_ID, NOW, ORDER_ID, PAID_ID, tickets } from '../helpers/checkoutFixtures';
import { checkoutPaths, inputs, key, load, raisedTransitions, withClock } from '../helpers/checkoutModel';
import { expectFullCoverage, resolvingActor, runPath } from '../helpers/machineModel';

const actorNames = [
  'loadCheckout',
  'reserveOrder',
  'applyDiscount',
  'removeDiscount',
  'payOrder',
  'verifyOrder',
];

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

describe('checkout flow', () => {
  const models = inputs.map((input) => ({
    input,
    paths: checkoutPaths(input),
  }));
  const allPaths = models.flatMap((m) => m.paths);

  it('covers every state and transition from the four entry URLs', () => {
    expectFullCoverage(checkoutMachine, allPaths, raisedTransitions);
  });

  for (const { input, paths } of models) {
    describe(`opened on ${input.step}`, () => {
      it.each(
        paths.map(
          (p) => [p.steps.map((step) => step.event.type.replace(/^xstate\./, '')).join(' → '), p] as const,
        ),
      )('%s', async (_, path) => {
        const remembered: unknown[] = [];
        const redirects: unknown[] = [];
        await runPath(path, {
          machine: checkoutMachine.provide({
            actions: {
              remember: (_, p) => void remembered.push(p),
              goToProvider: (_, p) => void redirects.push(p),
            },
          }),
          input,
          actorNames,
          delays: { second: 1000, poll: 2000 },
          view: key,
          check: (real, _model, calls) => {
            if (real.matches({ flow: 'reserving' })) {
              const sent = calls.reserveOrder?.at(-1) as Record<string, unknown>;
              expect(sent.eventId).toBe(event._id);
              expect(sent.items).toEqual(real.context.quantities);
              expect(sent.buyer).toEqual({
                firstName: 'Ada',
                lastName: 'Obi',
                email: 'ada@example.ng',
                phone: '+2348031234567',
              });
              // Attendees go only when tickets are sent to other addresses.
              expect('attendees' in sent).toBe(real.context.sendToOthers);
            }
            if (real.matches({ flow: 'paying' }))
              expect(calls.payOrder?.at(-1)).toEqual({
                orderId: ORDER_ID,
                emailUpdates: real.context.emailUpdates,
              });
            if (real.matches({ flow: 'redirecting' }))
              expect(redirects.at(-1)).toEqual({ url: '/pay/test/GP-1-a' });
            else expect(redirects).toEqual([]);
            // The countdown runs exactly while a live hold is on screen.
            const counting = real.matches({ hold: 'counting' });
            if (counting) expect(real.context.secondsLeft).toBeGreaterThan(0);
            if (real.matches({ flow: 'confirmed' }) || real.matches({ flow: 'processing' }))
              expect(counting).toBe(false);
            if (remembered.length > 0 && real.matches({ flow: 'selection' }))
              expect(remembered.at(-1)).toMatchObject({ quantities: real.context.quantities });
          },
        });
      });
    });
  }
});

describe('checkout rules', () => {
  it('counts a 15-minute hold down to 0 and then says the reservation ended', async () => {
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadCheckout: resolvingActor(load({}, 15 * 60)),
        },
      }),
      { input: { eventId: event._id, orderId: ORDER_ID, step: 'payment' } },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ flow: { payment: 'idle' }, hold: 'counting' })).toBe(true);
    expect(actor.getSnapshot().context.secondsLeft).toBe(900);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(840);
    await vi.advanceTimersByTimeAsync(839_000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    expect(actor.getSnapshot().matches({ flow: 'payment' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches({ flow: 'expired', hold: 'idle' })).toBe(true);
  });

  it('going back and changing quantities replaces the hold: the deadline is the server’s, unchanged', async () => {
    const reserve = vi.fn(async () => withClock({}, 600));
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadCheckout: resolvingActor(load({}, 700)),
          reserveOrder: (await import('xstate')).fromPromise(reserve) as never,
        },
      }),
      { input: { eventId: event._id, orderId: ORDER_ID, step: 'payment' } },
    ).start();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(600);
    actor.send({ type: 'step.back', to: 'selection' });
    actor.send({ type: 'quantity.change', ticketId: FREE_ID, quantity: 2 });
    actor.send({ type: 'selection.proceed' });
    actor.send({ type: 'contact.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reserve).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ flow: 'payment' })).toBe(true);
    expect(actor.getSnapshot().context.secondsLeft).toBe(600);
  });

  it('offers 0..min(10, purchase limit, left) and marks types that cannot be bought', () => {
    const regular = tickets[0]!;
    expect(availability(regular, event, NOW)).toEqual({ kind: 'onSale', max: 4 });
    expect(availability({ ...regular, purchaseLimit: 50 }, event, NOW)).toEqual({ kind: 'onSale', max: 10 });
    expect(availability({ ...regular, availableTickets: 2 }, event, NOW)).toEqual({ kind: 'onSale', max: 2 });
    expect(availability({ ...regular, availableTickets: 0 }, event, NOW)).toEqual({ kind: 'soldOut' });
    expect(availability(regular, { ...event, status: 'draft' }, NOW)).toEqual({ kind: 'notOnSale' });
    expect(availability(regular, { ...event, endDate: '2026-11-01' }, NOW)).toEqual({ kind: 'salesEnded' });
    expect(availability(regular, { ...event, salesPaused: true }, NOW)).toEqual({ kind: 'notOnSale' });
    // Sales windows are Lagos wall-clock; NOW is 11:00 in Lagos.
    expect(availability({ ...regular, onSaleFrom: '2026-11-23T11:01' }, event, NOW)).toEqual({
      kind: 'notOnSale',
    });
    expect(availability({ ...regular, onSaleUntil: '2026-11-23T11:00' }, event, NOW)).toEqual({
      kind: 'salesEnded',
    });
    expect(availability({ ...regular, onSaleFrom: '2026-11-23T11:00' }, event, NOW)).toEqual({
      kind: 'onSale',
      max: 4,
    });
  });

  it('sums the selection with 1.5 % fees on paid tickets only (the spec’s ₦1,500 on ₦101,500)', () => {
    const priced = [{ ...tickets[0]!, ticketPrice: 50_000, purchaseLimit: 10 }, tickets[1]!];
    const summary = selectionSummary(priced, { [PAID_ID]: 2, [FREE_ID]: 3 });
    expect(summary.items.map((i) => `${i.quantity} x ${i.ticketName} = ${i.amount}`)).toEqual([
      '2 x Regular = 100000',
      '3 x Free RSVP = 0',
    ]);
    expect(summary.fees).toBe(1500);
    expect(summary.total).toBe(101_500);
    expect(selectionSummary(tickets, { [FREE_ID]: 2 }).fees).toBe(0);
  });

  it('enforces the confirm email and the phone rule of the chosen code', () => {
    const base = {
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.ng',
      confirmEmail: 'ADA@example.ng',
      countryCode: '+234' as const,
      phone: '08031234567',
    };
    expect(contactErrors(base, false, [])).toEqual({});
    expect(contactErrors({ ...base, confirmEmail: 'ada@example.com' }, false, []).confirmEmail).toBe(
      'Email addresses do not match',
    );
    expect(contactErrors({ ...base, phone: '' }, false, []).phone).toBe('Phone number is required');
    expect(contactErrors({ ...base, phone: '12345' }, false, []).phone).toMatch(
      /valid phone number for \+234/,
    );
    expect(contactErrors({ ...base, countryCode: '+44', phone: '7911123456' }, false, [])).toEqual({});
    expect(contactErrors({ ...base, countryCode: '+1', phone: '8031234567' }, false, []).phone).toMatch(
      /\+1/,
    );
    const attendee = {
      ticketId: PAID_ID,
      ticketName: 'Regular',
      firstName: 'Chidi',
      lastName: 'Eze',
      email: 'chidi@example.ng',
      confirmEmail: 'chidi@example.com',
    };
    expect(contactErrors(base, true, [attendee])).toEqual({
      'attendees.0.confirmEmail': 'Email addresses do not match',
    });
    expect(contactErrors(base, false, [attendee])).toEqual({});
  });
});
