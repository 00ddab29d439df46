import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type Promoter, promoterCreateRequest } from '../../contract/promoters';
import { promotersMachine } from '../../machines/promoters.machine';
import { driveMachine } from '../helpers/driveMachine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';
import { firstIssues, tabOracle } from '../helpers/tabOracle';
import { draftEvent } from './organiserFixtures';

const figures = {
  clicks: 4,
  orders: 1,
  tickets: 2,
  salesNaira: 20_000,
  commissionNaira: 2000,
  settledNaira: 0,
  owedNaira: 2000,
  reversedNaira: 0,
};
const kemi: Promoter = {
  id: '9a000000-0000-4000-8000-000000000001',
  name: 'Kemi Adeyemi',
  email: 'kemi@example.ng',
  code: 'k3mi2345',
  link: `https://gatepass.ng/event-details/${draftEvent._id}?ref=k3mi2345`,
  shortLink: 'https://gatepass.ng/r/k3mi2345',
  commission: { kind: 'percent', value: 10 },
  perType: [],
  payoutReady: false,
  figures,
  createdAt: '2026-11-27T09:00:00.000Z',
};
const input = { eventId: draftEvent._id };
const typeId = '7a000000-0000-4000-8000-000000000001';

describe('promoters (organiser) paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  const events = [
    { type: 'xstate.done.actor.load', output: [] },
    { type: 'xstate.error.actor.load', error: networkError() },
    { type: 'retry' },
    { type: 'field.change', name: 'name', value: 'Kemi Adeyemi' },
    { type: 'field.change', name: 'email', value: 'kemi@example.ng' },
    { type: 'field.change', name: 'value', value: '10' },
    { type: 'field.change', name: 'value', value: '150' },
    { type: 'kind.change', kind: 'flat' },
    { type: 'perType.change', ticketId: typeId, value: '2,500' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.create', output: [kemi] },
    {
      type: 'xstate.error.actor.create',
      error: httpError(409, 'This email is already a promoter of this event.'),
    },
    { type: 'xstate.error.actor.create', error: networkError() },
  ];
  type Values = {
    name: string;
    email: string;
    kind: 'percent' | 'flat';
    value: string;
    perType: Record<string, string>;
  };
  const blank: Values = { name: '', email: '', kind: 'percent', value: '', perType: {} };
  /** A typed figure as decision 064 reads it: commas dropped, blank is no number at all. */
  const typedNumber = (typed: string) =>
    typed.trim() === '' ? Number.NaN : Number(typed.replaceAll(',', ''));
  /** The body decision 064 sends: per-type figures only where one was typed, of the main kind. */
  const body = (v: Values) => {
    const own = Object.entries(v.perType).filter(([, typed]) => typed.trim() !== '');
    return {
      name: v.name,
      email: v.email,
      commission: { kind: v.kind, value: typedNumber(v.value) },
      ...(own.length > 0
        ? {
            perType: Object.fromEntries(
              own.map(([id, typed]) => [id, { kind: v.kind, value: typedNumber(typed) }]),
            ),
          }
        : {}),
    };
  };
  const oracle = () =>
    tabOracle({
      context: {
        eventId: input.eventId,
        promoters: [] as Promoter[],
        values: blank,
        errors: {},
        submitted: false,
        formError: null,
      },
      load: {
        fallback: 'Promoters could not be loaded.',
        onDone: (c, out) => {
          c.promoters = out as Promoter[];
        },
      },
      form: {
        blank,
        errorsOf: (v) => firstIssues(promoterCreateRequest.safeParse(body(v as Values))),
        state: 'creating',
        call: 'create',
        input: (c) => ({ eventId: c.eventId, body: body(c.values) }),
        fallback: 'The promoter was not added.',
        onDone: (c, out) => {
          c.promoters = out as Promoter[];
        },
        notice: () => 'Promoter added and invited by email',
        // The kind and a type's own figure are edits that leave the last failure's words on screen.
        edits: {
          'kind.change': { values: (v, e) => ({ ...v, kind: e.kind }), clearsFormError: false },
          'perType.change': {
            values: (v, e) => ({
              ...v,
              perType: { ...(v.perType as object), [e.ticketId as string]: e.value },
            }),
            clearsFormError: false,
          },
        },
      },
    });
  type Snap = SnapshotFrom<typeof promotersMachine>;
  const key = (s: Snap) => [
    s.context.promoters.length,
    s.context.values.name,
    s.context.values.email,
    s.context.values.value,
    s.context.values.kind,
    Object.keys(s.context.values.perType).length,
    Object.keys(s.context.errors).sort().join(','),
    s.context.formError !== null,
  ];
  const paths = flowModel(promotersMachine, { events, key, input }).getShortestPaths();

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const tab = oracle();
    await runFlowPath(path, {
      machine: promotersMachine,
      input,
      actorNames: ['load', 'create'],
      view: key,
      check: (step) => {
        tab.check(step);
        const { event, real, before, calls, entered } = step;
        // One create per submit that the contract accepted; its body written out here, apart from
        // the machine: a percentage up to 100 or ₦ per ticket, per-type figures of the same kind.
        expect((calls.create ?? []).length).toBe(entered({ ready: 'creating' }));
        const v = before?.context.values;
        if (event.type === 'form.submit' && real.matches({ ready: 'creating' }) && v) {
          const value = Number(v.value);
          expect(v.name !== '' && v.email.includes('@') && value >= 0).toBe(true);
          expect(v.kind === 'flat' || value <= 100).toBe(true);
          expect(calls.create?.at(-1)).toEqual({
            eventId: input.eventId,
            body: {
              name: v.name,
              email: v.email,
              commission: { kind: v.kind, value },
              ...(v.perType[typeId] ? { perType: { [typeId]: { kind: v.kind, value: 2500 } } } : {}),
            },
          });
        }
        if (event.type === 'form.submit' && !real.matches({ ready: 'creating' })) {
          expect(Object.keys(real.context.errors).length).toBeGreaterThan(0);
          if (v && v.kind === 'percent' && Number(v.value) > 100)
            expect(real.context.errors.commission).toBe('A percentage commission can be at most 100 %');
        }
        if (event.type === 'xstate.done.actor.create') {
          expect(real.context.promoters).toEqual([kemi]);
          expect(real.context.values).toEqual({
            name: '',
            email: '',
            kind: 'percent',
            value: '',
            perType: {},
          });
        }
        if (event.type === 'xstate.error.actor.create') {
          expect(real.context.values).toEqual(before?.context.values);
          expect(real.context.formError).toBe(
            event.error === events[11]?.error
              ? 'This email is already a promoter of this event.'
              : 'The promoter was not added.',
          );
        }
        if (event.type === 'xstate.error.actor.load') expect(real.matches('failed')).toBe(true);
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(promotersMachine, paths));
});

describe('promoters: typed figures', () => {
  beforeEach(() => void vi.useFakeTimers());
  it('reads blank as no number, drops commas, and leaves out a type whose own figure is blank', async () => {
    const d = driveMachine(promotersMachine, { input, calls: ['load', 'create'], recorded: ['notify'] });
    await vi.advanceTimersByTimeAsync(0);
    await d.resolve('load', [kemi]);
    expect(d.context().promoters).toEqual([kemi]);
    const other = '7a000000-0000-4000-8000-000000000002';
    d.send({ type: 'field.change', name: 'name', value: 'Kemi Adeyemi' });
    d.send({ type: 'field.change', name: 'email', value: 'kemi@example.ng' });
    d.send({ type: 'field.change', name: 'value', value: '   ' });
    d.send({ type: 'form.submit' });
    expect(d.calls.create).toEqual([]);
    expect(Object.keys(d.context().errors)).toEqual(['commission']);
    d.send({ type: 'kind.change', kind: 'flat' });
    d.send({ type: 'field.change', name: 'value', value: '1,000' });
    d.send({ type: 'perType.change', ticketId: typeId, value: '  ' });
    d.send({ type: 'perType.change', ticketId: other, value: '2,500' });
    expect(d.context().errors).toEqual({});
    d.send({ type: 'form.submit' });
    expect(d.calls.create).toEqual([
      {
        eventId: input.eventId,
        body: {
          name: 'Kemi Adeyemi',
          email: 'kemi@example.ng',
          commission: { kind: 'flat', value: 1000 },
          perType: { [other]: { kind: 'flat', value: 2500 } },
        },
      },
    ]);
    d.actor.stop();
  });
});
