import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type AccessCode, accessCodeRequest } from '../../contract/accessCodes';
import { accessCodeEntryMachine } from '../../machines/accessCodeEntry.machine';
import { accessCodeBody, accessCodesMachine } from '../../machines/accessCodes.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';
import { firstIssues, tabOracle } from '../helpers/tabOracle';
import { draftEvent, ticketType } from './organiserFixtures';

const table = ticketType({
  _id: '7a000000-0000-4000-8000-000000000009',
  ticketName: 'Sponsor',
  hidden: true,
});
const vip: AccessCode = {
  id: '8e000000-0000-4000-8000-000000000001',
  code: 'VIPLIST',
  ticketTypeIds: [table._id],
  discountCodeId: null,
  discountCode: null,
  orders: 2,
  createdAt: '2026-11-23T09:00:00.000Z',
};
const made: AccessCode = { ...vip, id: '8e000000-0000-4000-8000-000000000002', code: 'SPONSOR', orders: 0 };
const input = { eventId: draftEvent._id };

describe('access codes (organiser) paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  const events = [
    { type: 'xstate.done.actor.load', output: { accessCodes: [vip], discounts: [] } },
    { type: 'xstate.error.actor.load', error: networkError() },
    { type: 'retry' },
    { type: 'field.change', name: 'code', value: 'SPONSOR' },
    { type: 'field.change', name: 'code', value: 'S!' },
    { type: 'ticketType.toggle', ticketId: table._id },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.create', output: made },
    { type: 'xstate.error.actor.create', error: httpError(409, 'This event already has an access code') },
    { type: 'delete', accessCodeId: vip.id },
    { type: 'xstate.done.actor.remove', output: [] },
    { type: 'xstate.error.actor.remove', error: networkError() },
    { type: 'xstate.error.actor.remove', error: httpError(404, 'That code is already gone.') },
    { type: 'xstate.error.actor.create', error: networkError() },
  ];
  type Snap = SnapshotFrom<typeof accessCodesMachine>;
  type Values = { code: string; discountCodeId: string; ticketTypeIds: string[] };
  /** The body decision 036 sends: no discount is null, not an empty id. */
  const body = (v: Values) => ({
    code: v.code,
    ticketTypeIds: v.ticketTypeIds,
    discountCodeId: v.discountCodeId || null,
  });
  const oracle = () =>
    tabOracle({
      context: {
        eventId: input.eventId,
        accessCodes: [] as AccessCode[],
        discounts: [] as unknown[],
        values: { code: '', discountCodeId: '', ticketTypeIds: [] } as Values,
        errors: {},
        submitted: false,
        formError: null,
        deletingId: null,
      },
      load: {
        fallback: 'Access codes could not be loaded.',
        onDone: (c, out) => Object.assign(c, out as object),
      },
      form: {
        blank: { code: '', discountCodeId: '', ticketTypeIds: [] },
        errorsOf: (v) => firstIssues(accessCodeRequest.safeParse(body(v as Values))),
        state: 'creating',
        call: 'create',
        input: (c) => ({ eventId: c.eventId, body: body(c.values) }),
        fallback: 'The code was not saved.',
        onDone: (c, out) => {
          c.accessCodes = [...c.accessCodes, out as AccessCode];
        },
        notice: () => 'Access code created',
        toggles: [{ event: 'ticketType.toggle', field: 'ticketTypeIds', id: 'ticketId' }],
      },
      remove: {
        event: 'delete',
        id: 'accessCodeId',
        keep: 'deletingId',
        state: 'deleting',
        call: 'remove',
        input: (c) => ({ eventId: c.eventId, accessCodeId: c.deletingId }),
        onDone: (c, out) => {
          c.accessCodes = out as AccessCode[];
        },
        notice: 'Access code deleted',
        fallback: 'The code was not deleted.',
      },
    });
  const key = (s: Snap) => [
    Math.min(s.context.accessCodes.length, 2),
    s.context.values.code,
    s.context.values.ticketTypeIds.length,
    Object.keys(s.context.errors).length > 0,
    s.context.formError !== null,
  ];
  const paths = flowModel(accessCodesMachine, { events, key, input }).getShortestPaths();

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const tab = oracle();
    await runFlowPath(path, {
      machine: accessCodesMachine,
      input,
      actorNames: ['load', 'create', 'remove'],
      view: key,
      check: (step) => {
        tab.check(step);
        const { event, real, before, calls, entered } = step;
        // One create per submit that passed the contract's rules, with the form's body.
        expect((calls.create ?? []).length).toBe(entered({ ready: 'creating' }));
        if (event.type === 'form.submit' && real.matches({ ready: 'creating' }))
          expect(calls.create?.at(-1)).toEqual({
            eventId: input.eventId,
            body: accessCodeBody(real.context.values),
          });
        if (event.type === 'form.submit' && !real.matches({ ready: 'creating' }))
          expect(Object.keys(real.context.errors).length).toBeGreaterThan(0);
        if (event.type === 'xstate.done.actor.create') {
          expect(real.context.accessCodes.at(-1)).toEqual(made);
          expect(real.context.values.code).toBe('');
        }
        if (event.type === 'xstate.error.actor.create') {
          // What was sent stays in the form to correct, with the server's words.
          expect(real.context.values).toEqual(before?.context.values);
        }
        if (event.type === 'xstate.done.actor.remove') expect(real.context.accessCodes).toEqual([]);
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(accessCodesMachine, paths));
});

describe('access code entry (buyer) paths', () => {
  const events = [
    { type: 'code.change', value: ' vip ' },
    { type: 'code.change', value: '' },
    { type: 'code.change', value: '   ' },
    { type: 'code.submit' },
    { type: 'xstate.done.actor.check', output: [] },
    {
      type: 'xstate.error.actor.check',
      error: httpError(404, 'This access code is not valid for this event.'),
    },
    { type: 'xstate.error.actor.check', error: networkError() },
  ];
  type Snap = SnapshotFrom<typeof accessCodeEntryMachine>;
  const key = (s: Snap) => [s.context.code, s.context.error];
  const paths = flowModel(accessCodeEntryMachine, { events, key }).getShortestPaths();

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const unlocked: string[] = [];
    await runFlowPath(path, {
      machine: accessCodeEntryMachine.provide({
        actions: { unlocked: (_x, p) => void unlocked.push(p.code) },
      }),
      actorNames: ['check'],
      view: key,
      check: ({ event, real, calls, entered, before }) => {
        // Where the entry is after each step, from decision 036's words: a typed code clears the
        // last words; a code (not blanks) is checked; a valid one ends here, a refused one returns.
        const was = before?.value ?? 'idle';
        const code = before?.context.code ?? '';
        const expected =
          event.type === 'code.submit' && was === 'idle' && code.trim() !== ''
            ? 'checking'
            : event.type === 'xstate.done.actor.check'
              ? 'unlocked'
              : event.type === 'xstate.error.actor.check'
                ? 'idle'
                : was;
        expect(real.value).toBe(expected);
        expect(real.status).toBe(expected === 'unlocked' ? 'done' : 'active');
        if (event.type === 'code.change') expect(real.context).toEqual({ code: event.value, error: null });
        // An empty code is never sent; a code is sent trimmed, once per submit.
        expect(calls.check ?? []).toEqual(Array(entered('checking')).fill({ code: 'vip' }));
        if (event.type === 'xstate.done.actor.check') expect(unlocked).toEqual(['vip']);
        else expect(unlocked).toEqual([]);
        if (event.type === 'code.submit' && real.matches('idle'))
          expect(real.context.error).toBe('Enter the access code you were given.');
        if (event.type === 'xstate.error.actor.check')
          expect(real.context.error).toBe(
            event.error.status === 404
              ? 'This access code is not valid for this event.'
              : 'The code could not be checked. Please try again.',
          );
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(accessCodeEntryMachine, paths));
});
