import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Promoter } from '../../contract/promoters';
import { promotersMachine } from '../../machines/promoters.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';
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
  ];
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
    await runFlowPath(path, {
      machine: promotersMachine,
      input,
      actorNames: ['load', 'create'],
      view: key,
      check: ({ event, real, before, calls, entered }) => {
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
          expect(real.context.formError).toBe('This email is already a promoter of this event.');
        }
        if (event.type === 'xstate.error.actor.load') expect(real.matches('failed')).toBe(true);
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(promotersMachine, paths));
});
