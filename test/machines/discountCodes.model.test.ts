import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { DiscountCode } from '../../contract/discounts';
import { discountBody, discountCodesMachine, emptyDiscount } from '../../machines/discountCodes.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';
import { draftEvent, ticketType } from './organiserFixtures';

const regular = ticketType();
const summer: DiscountCode = {
  _id: '8d000000-0000-4000-8000-000000000001',
  eventId: draftEvent._id,
  code: 'SUMMER',
  kind: 'percent',
  percentOff: 10,
  amountOff: null,
  maxUses: 50,
  uses: 3,
  validFrom: null,
  validUntil: null,
  ticketTypeIds: [],
  createdAt: '2026-11-23T09:00:00.000Z',
};
const created: DiscountCode = {
  ...summer,
  _id: '8d000000-0000-4000-8000-000000000002',
  code: 'LAGOS10',
  maxUses: null,
  uses: 0,
  ticketTypeIds: [regular._id],
};

type Snap = SnapshotFrom<typeof discountCodesMachine>;

/** The server answers a save with the code as sent: the edited one keeps its id and uses. */
const edited: DiscountCode = { ...summer, percentOff: 15 };

const loaded = { type: 'xstate.done.actor.load', output: [summer] };
/** Loading, and a new code typed in. */
const formEvents = [
  loaded,
  { type: 'xstate.error.actor.load', error: networkError() },
  { type: 'retry' },
  { type: 'field.change', name: 'code', value: 'LAGOS10' },
  { type: 'field.change', name: 'code', value: 'L!' },
  { type: 'field.change', name: 'percentOff', value: '10' },
  { type: 'ticketType.toggle', ticketId: regular._id },
  { type: 'form.reset' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.save', output: { discount: created } },
  { type: 'xstate.error.actor.save', error: httpError(409, 'This event already has the code LAGOS10') },
];
/** Editing and deleting a listed code, and what is ignored while a call runs. */
const listEvents = [
  loaded,
  { type: 'edit', discountId: summer._id },
  { type: 'edit', discountId: 'not-a-code' },
  { type: 'field.change', name: 'percentOff', value: '15' },
  { type: 'form.submit' },
  { type: 'delete', discountId: summer._id },
  { type: 'xstate.done.actor.save', output: { discount: edited } },
  { type: 'xstate.error.actor.save', error: networkError() },
  { type: 'xstate.done.actor.remove', output: { message: 'Discount code deleted' } },
  { type: 'xstate.error.actor.remove', error: httpError(409, 'This code is held by a reservation') },
];

const key = (s: Snap) => {
  const c = s.context;
  return [
    // Which codes are listed (a second save of the same new code only repeats it).
    [...new Set(c.discounts.map((d) => `${d.code}:${d.percentOff}`))].sort(),
    c.values.code,
    c.values.percentOff,
    c.values.ticketTypeIds.length,
    Object.keys(c.errors),
    c.submitted,
    c.formError,
    c.editingId,
    c.deletingId,
  ];
};
const input = { eventId: draftEvent._id };
const modelPaths = [
  ['a new code', flowModel(discountCodesMachine, { events: formEvents, key, input }).getShortestPaths()],
  ['listed codes', flowModel(discountCodesMachine, { events: listEvents, key, input }).getShortestPaths()],
] as const;

beforeEach(() => {
  vi.useFakeTimers();
});

describe.each(modelPaths)('discount code paths for %s', (_, paths) => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runFlowPath(path, {
      machine: discountCodesMachine,
      input,
      actorNames: ['load', 'save', 'remove'],
      view: key,
      check: ({ event, real, before, calls, notices, entered }) => {
        const c = real.context;
        expect(calls.load?.at(-1)).toEqual(input);
        const startedSave = real.matches({ ready: 'saving' }) && !before?.matches({ ready: 'saving' });
        const startedDelete = real.matches({ ready: 'deleting' }) && !before?.matches({ ready: 'deleting' });
        // A save sends the form's body to the edited code (or creates one); a delete names its code.
        if (startedSave)
          expect(calls.save?.at(-1)).toEqual({
            eventId: draftEvent._id,
            discountId: c.editingId,
            body: discountBody(c.values),
          });
        if (startedDelete)
          expect(calls.remove?.at(-1)).toEqual({ eventId: draftEvent._id, discountId: summer._id });
        // While a save runs the form is locked: no edit, toggle or reset changes what was sent.
        if (before?.matches({ ready: 'saving' }) && real.matches({ ready: 'saving' })) {
          expect([c.values, c.editingId, c.errors]).toEqual([
            before.context.values,
            before.context.editingId,
            before.context.errors,
          ]);
        }
        // Only a valid form is sent, and while a call runs a second submit or delete starts nothing.
        if (startedSave) expect(c.errors).toEqual({});
        expect(calls.save?.length ?? 0).toBe(entered({ ready: 'saving' }));
        expect(calls.remove?.length ?? 0).toBe(entered({ ready: 'deleting' }));
        if (event.type === 'xstate.done.actor.save') {
          expect(notices.at(-1)).toBe('success: Discount code saved');
          expect(c.values).toEqual(emptyDiscount);
          expect(c.editingId).toBeNull();
          const answer: DiscountCode = event.output.discount;
          // A new code joins the list; an edited one replaces itself (unless it was deleted meanwhile).
          const wasListed = before?.context.discounts.some((d) => d._id === answer._id);
          if (!before?.context.editingId || wasListed) expect(c.discounts).toContainEqual(answer);
          else expect(c.discounts).toEqual(before?.context.discounts);
        }
        if (event.type === 'xstate.error.actor.save') {
          expect(c.formError).toMatch(/already has the code LAGOS10|The code was not saved\./);
          // The form keeps what was typed, to correct it.
          expect(c.values).toEqual(before?.context.values);
        }
        if (event.type === 'xstate.done.actor.remove') {
          expect(notices.at(-1)).toBe('success: Discount code deleted');
          expect(c.discounts.some((d: DiscountCode) => d._id === summer._id)).toBe(false);
        }
        if (event.type === 'xstate.error.actor.remove') {
          expect(notices.at(-1)).toBe('error: This code is held by a reservation');
          expect(c.discounts).toEqual(before?.context.discounts);
        }
        if (real.matches('failed')) expect(c.formError).toBe('Discount codes could not be loaded.');
        // A refused submit shows the contract's words.
        if (c.submitted && c.values.code === 'L!')
          expect(c.errors.code).toBe('Code must be at least 3 characters long');
      },
    });
  });
});

describe('discount codes coverage and rules', () => {
  it('covers every state and transition', () =>
    expectFullCoverage(
      discountCodesMachine,
      modelPaths.flatMap(([, paths]) => paths),
    ));

  it('sends only the chosen kind’s amount, and empty fields as no bound', () => {
    expect(
      discountBody({ ...emptyDiscount, code: 'NAIRA', kind: 'fixed', percentOff: '10', amountOff: '500' }),
    ).toEqual({
      code: 'NAIRA',
      kind: 'fixed',
      percentOff: null,
      amountOff: 500,
      maxUses: null,
      validFrom: null,
      validUntil: null,
      ticketTypeIds: [],
    });
  });
});
