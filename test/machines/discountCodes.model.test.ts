import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type DiscountCode, discountRequest } from '../../contract/discounts';
import { discountBody, discountCodesMachine, emptyDiscount } from '../../machines/discountCodes.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';
import { firstIssues } from '../helpers/tabOracle';
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
  { type: 'xstate.error.actor.load', error: httpError(403, 'Only the organiser sees the codes.') },
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
  { type: 'xstate.error.actor.remove', error: networkError() },
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

type Values = {
  code: string;
  kind: 'percent' | 'fixed';
  percentOff: string;
  amountOff: string;
  maxUses: string;
  validFrom: string;
  validUntil: string;
  ticketTypeIds: string[];
};
const BLANK: Values = {
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  maxUses: '',
  validFrom: '',
  validUntil: '',
  ticketTypeIds: [],
};
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));
/** Decision 010's body: only the chosen kind's amount; an empty field is no bound. */
const body = (v: Values) => ({
  code: v.code,
  kind: v.kind,
  percentOff: v.kind === 'percent' ? numberOrNull(v.percentOff) : null,
  amountOff: v.kind === 'fixed' ? numberOrNull(v.amountOff) : null,
  maxUses: numberOrNull(v.maxUses),
  validFrom: v.validFrom || null,
  validUntil: v.validUntil || null,
  ticketTypeIds: v.ticketTypeIds,
});
const errorsOf = (v: Values) => firstIssues(discountRequest.safeParse(body(v)));
/** A listed code in the form, to edit. */
const formOf = (d: DiscountCode): Values => ({
  code: d.code,
  kind: d.kind,
  percentOff: d.percentOff === null ? '' : String(d.percentOff),
  amountOff: d.amountOff === null ? '' : String(d.amountOff),
  maxUses: d.maxUses === null ? '' : String(d.maxUses),
  validFrom: d.validFrom ?? '',
  validUntil: d.validUntil ?? '',
  ticketTypeIds: d.ticketTypeIds,
});

/**
 * The discount codes panel as decision 010 describes it, written apart from the machine: a save
 * locks the whole form; while a delete runs the form may still be typed in (not sent, not edited);
 * each call's failure is said in the server's words, else the panel's own.
 */
function discountOracle() {
  const o = {
    state: 'loading',
    context: {
      eventId: draftEvent._id,
      discounts: [] as DiscountCode[],
      values: BLANK,
      errors: {} as Record<string, string>,
      submitted: false,
      formError: null as string | null,
      editingId: null as string | null,
      deletingId: null as string | null,
    },
    notices: [] as string[],
    calls: { load: [{ eventId: draftEvent._id }], save: [], remove: [] } as Record<string, unknown[]>,
  };
  const c = o.context;
  // biome-ignore lint/suspicious/noExplicitAny: the path's events
  const words = (e: any, own: string) => e.error?.serverMessage || own;
  // biome-ignore lint/suspicious/noExplicitAny: the path's events
  const apply = (e: any) => {
    const at = o.state;
    const open = at === 'idle' || at === 'deleting';
    if (at === 'loading' && e.type === 'xstate.done.actor.load') {
      c.discounts = e.output;
      o.state = 'idle';
    } else if (at === 'loading' && e.type === 'xstate.error.actor.load') {
      c.formError = words(e, 'Discount codes could not be loaded.');
      o.state = 'failed';
    } else if (at === 'failed' && e.type === 'retry') {
      c.formError = null;
      o.state = 'loading';
      o.calls.load!.push({ eventId: draftEvent._id });
    } else if (open && e.type === 'field.change') {
      c.values = { ...c.values, [e.name]: e.value };
      if (c.submitted) c.errors = errorsOf(c.values);
      c.formError = null;
    } else if (open && e.type === 'ticketType.toggle') {
      const ids = c.values.ticketTypeIds;
      c.values = {
        ...c.values,
        ticketTypeIds: ids.includes(e.ticketId) ? ids.filter((i) => i !== e.ticketId) : [...ids, e.ticketId],
      };
      if (c.submitted) c.errors = errorsOf(c.values);
    } else if (open && e.type === 'form.reset')
      Object.assign(c, { values: BLANK, editingId: null, errors: {}, submitted: false, formError: null });
    else if (at === 'idle' && e.type === 'edit') {
      const d = c.discounts.find((x) => x._id === e.discountId);
      if (d)
        Object.assign(c, {
          values: formOf(d),
          editingId: d._id,
          errors: {},
          submitted: false,
          formError: null,
        });
    } else if (at === 'idle' && e.type === 'form.submit') {
      const errors = errorsOf(c.values);
      if (Object.keys(errors).length > 0) Object.assign(c, { errors, formError: null, submitted: true });
      else {
        o.state = 'saving';
        o.calls.save!.push({ eventId: draftEvent._id, discountId: c.editingId, body: body(c.values) });
      }
    } else if (at === 'idle' && e.type === 'delete') {
      c.deletingId = e.discountId;
      o.state = 'deleting';
      o.calls.remove!.push({ eventId: draftEvent._id, discountId: e.discountId });
    } else if (at === 'saving' && e.type === 'xstate.done.actor.save') {
      const saved: DiscountCode = e.output.discount;
      c.discounts = c.editingId
        ? c.discounts.map((d) => (d._id === saved._id ? saved : d))
        : [...c.discounts, saved];
      Object.assign(c, { values: BLANK, editingId: null, submitted: false, errors: {} });
      o.notices.push('success: Discount code saved');
      o.state = 'idle';
    } else if (at === 'saving' && e.type === 'xstate.error.actor.save') {
      c.formError = words(e, 'The code was not saved.');
      o.state = 'idle';
    } else if (at === 'deleting' && e.type === 'xstate.done.actor.remove') {
      c.discounts = c.discounts.filter((d) => d._id !== c.deletingId);
      c.deletingId = null;
      o.notices.push('success: Discount code deleted');
      o.state = 'idle';
    } else if (at === 'deleting' && e.type === 'xstate.error.actor.remove') {
      c.deletingId = null;
      o.notices.push(`error: ${words(e, 'The code was not deleted.')}`);
      o.state = 'idle';
    }
  };
  return { o, apply };
}

describe.each(modelPaths)('discount code paths for %s', (_, paths) => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const { o, apply } = discountOracle();
    await runFlowPath(path, {
      machine: discountCodesMachine,
      input,
      actorNames: ['load', 'save', 'remove'],
      view: key,
      check: ({ event, real, before, calls, notices, entered }) => {
        apply(event);
        const where = ['loading', 'failed'].includes(o.state) ? o.state : { ready: o.state };
        expect(real.matches(where as never), o.state).toBe(true);
        expect(real.context).toEqual(o.context);
        expect(notices).toEqual(o.notices);
        for (const name of ['load', 'save', 'remove']) expect(calls[name] ?? [], name).toEqual(o.calls[name]);
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
          expect(c.discounts).toEqual(before?.context.discounts);
        }
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
