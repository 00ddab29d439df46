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
  removedAt: null,
};
const input = { eventId: draftEvent._id };
const typeId = '7a000000-0000-4000-8000-000000000001';
const tableId = '7a000000-0000-4000-8000-000000000002';
/** Kemi as the server lists her with her own VIP rate, and a ₦ rule set through the API alone. */
const kemiListed: Promoter = {
  ...kemi,
  perType: [
    { ticketId: typeId, ticketName: 'VIP', commission: { kind: 'percent', value: 15 } },
    { ticketId: tableId, ticketName: 'Table', commission: { kind: 'flat', value: 5000 } },
  ],
};
/** Tunde, removed earlier: listed with his figures, but neither changed nor removed again. */
const tunde: Promoter = {
  ...kemi,
  id: '9a000000-0000-4000-8000-000000000002',
  name: 'Tunde',
  email: 'tunde@example.ng',
  removedAt: '2026-11-27T10:00:00.000Z',
};
const changed: Promoter = { ...kemiListed, name: 'Kemi A.', commission: { kind: 'flat', value: 500 } };
const removed: Promoter = { ...kemiListed, removedAt: '2026-11-28T01:00:00.000Z' };
/** What the edit form must show for Kemi, written out here rather than derived. */
const kemiInForm = {
  name: 'Kemi Adeyemi',
  email: 'kemi@example.ng',
  kind: 'percent',
  value: '10',
  perType: { [typeId]: '15' },
};
/** …and once changed to ₦500 a ticket: now the Table rule is of the form's kind and the VIP one is not. */
const changedInForm = {
  name: 'Kemi A.',
  email: 'kemi@example.ng',
  kind: 'flat',
  value: '500',
  perType: { [tableId]: '5000' },
};

describe('promoters (organiser) paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  const events = [
    { type: 'xstate.done.actor.load', output: [kemiListed, tunde] },
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
    { type: 'promoter.edit', id: kemi.id },
    { type: 'promoter.edit', id: tunde.id },
    { type: 'edit.cancel' },
    { type: 'xstate.done.actor.update', output: [changed, tunde] },
    { type: 'xstate.error.actor.update', error: httpError(409, 'This promoter was removed.') },
    { type: 'promoter.remove', id: kemi.id },
    { type: 'promoter.remove', id: tunde.id },
    { type: 'remove.cancel' },
    { type: 'remove.confirm' },
    { type: 'xstate.done.actor.remove', output: [removed, tunde] },
    { type: 'xstate.error.actor.remove', error: networkError() },
  ];
  type Snap = SnapshotFrom<typeof promotersMachine>;
  // Two walks, so the graph stays walkable: adding from an empty list (the form's every edit), and
  // changing or removing from a listed Kemi and a removed Tunde, where only the edits that matter to a
  // change are offered (a new name, a valid and an invalid figure) and nothing is added.
  const adding = new Set([
    'promoter.edit',
    'promoter.remove',
    'edit.cancel',
    'remove.cancel',
    'remove.confirm',
  ]);
  const addEvents = [
    { type: 'xstate.done.actor.load', output: [] },
    ...events.filter(
      (e) =>
        !adding.has(e.type) && !/actor\.(update|remove)$/.test(e.type) && e.type !== 'xstate.done.actor.load',
    ),
  ];
  const editEvents = [
    { type: 'xstate.done.actor.load', output: [kemiListed, tunde] },
    { type: 'field.change', name: 'name', value: 'Kemi A.' },
    { type: 'field.change', name: 'value', value: '150' },
    { type: 'field.change', name: 'value', value: '10' },
    ...events.filter(
      (e) => adding.has(e.type) || /actor\.(update|remove)$/.test(e.type) || e.type === 'form.submit',
    ),
  ];
  // Without a promoter in the form, the editing walk offers only the rows' buttons and the answers.
  const editOffered = (s: Snap) =>
    s.context.editingId !== null
      ? editEvents
      : editEvents.filter((e) => e.type !== 'field.change' && e.type !== 'form.submit');
  const key = (s: Snap) => [
    s.context.promoters.length,
    s.context.values.name,
    s.context.values.email,
    s.context.values.value,
    s.context.values.kind,
    Object.keys(s.context.values.perType).length,
    Object.keys(s.context.errors).sort().join(','),
    s.context.formError !== null,
    s.context.editingId,
    s.context.removingId,
    s.context.promoters.filter((p) => p.removedAt === null).length,
  ];
  const paths = [
    ...flowModel(promotersMachine, { events: addEvents, key, input }).getShortestPaths(),
    ...flowModel(promotersMachine, { events: editOffered, key, input })
      .getShortestPaths()
      .filter((p) => p.steps.some((step) => step.state.context.promoters.length > 1)),
  ];

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runFlowPath(path, {
      machine: promotersMachine,
      input,
      actorNames: ['load', 'create', 'update', 'remove'],
      view: key,
      check: ({ event, real, before, calls, entered, notices }) => {
        // One create per submit that the contract accepted; its body written out here, apart from
        // the machine: a percentage up to 100 or ₦ per ticket, per-type figures of the same kind.
        expect((calls.create ?? []).length).toBe(entered({ ready: 'creating' }));
        expect((calls.update ?? []).length).toBe(entered({ ready: 'updating' }));
        expect((calls.remove ?? []).length).toBe(entered({ ready: 'removing' }));
        const v = before?.context.values;
        const b = before?.context;
        // A removed promoter is never put in the form nor asked about (their history stays as it is).
        expect(real.context.editingId === tunde.id || real.context.removingId === tunde.id).toBe(false);
        if (event.type === 'promoter.edit') {
          expect(real.context.editingId).toBe(kemi.id);
          const listedAs = before?.context.promoters.find((p) => p.id === kemi.id)?.name;
          expect(real.context.values).toEqual(listedAs === 'Kemi A.' ? changedInForm : kemiInForm);
        }
        if (event.type === 'edit.cancel') {
          expect(real.context.editingId).toBeNull();
          expect(real.context.values.name).toBe('');
        }
        if (event.type === 'form.submit' && real.matches({ ready: 'updating' }) && v) {
          // A change carries name and commission, never the email.
          expect(b?.editingId).toBe(kemi.id);
          expect(calls.update?.at(-1)).toEqual({
            eventId: input.eventId,
            promoterId: kemi.id,
            body: {
              name: v.name,
              commission: { kind: v.kind, value: Number(v.value) },
              // Every per-type figure typed, in the form's kind, commas read as thousands.
              ...(Object.keys(v.perType).length > 0
                ? {
                    perType: Object.fromEntries(
                      Object.entries(v.perType).map(([id, typed]) => [
                        id,
                        { kind: v.kind, value: Number(typed.replace(',', '')) },
                      ]),
                    ),
                  }
                : {}),
            },
          });
        }
        if (event.type === 'xstate.done.actor.update') {
          expect(real.context.promoters).toEqual([changed, tunde]);
          expect(real.context.editingId).toBeNull();
          expect(real.context.values.name).toBe('');
          expect(notices.at(-1)).toBe('success: Promoter changed; new orders earn the new commission');
        }
        if (event.type === 'xstate.error.actor.update') {
          expect(real.context.editingId).toBe(b?.editingId);
          expect(real.context.values).toEqual(v);
          expect(real.context.formError).toBe('This promoter was removed.');
        }
        if (event.type === 'promoter.remove') {
          expect(real.matches({ ready: 'confirmingRemoval' })).toBe(true);
          expect(real.context.removingId).toBe(kemi.id);
        }
        if (event.type === 'remove.cancel') {
          expect(real.matches({ ready: 'idle' })).toBe(true);
          expect(real.context.removingId).toBeNull();
          expect(real.context.promoters).toEqual(b?.promoters);
        }
        if (event.type === 'remove.confirm')
          expect(calls.remove?.at(-1)).toEqual({ eventId: input.eventId, promoterId: kemi.id });
        if (event.type === 'xstate.done.actor.remove') {
          expect(real.context.promoters).toEqual([removed, tunde]);
          expect(real.context.removingId).toBeNull();
          // Removing the promoter being edited puts the form back to adding.
          if (b?.editingId === kemi.id) expect(real.context.editingId).toBeNull();
          else expect(real.context.values).toEqual(v);
          expect(notices.at(-1)).toBe('success: Promoter removed; their sales stay in your figures');
        }
        if (event.type === 'xstate.error.actor.remove') {
          expect(real.context.removingId).toBeNull();
          expect(real.context.promoters).toEqual(b?.promoters);
          expect(real.context.formError).not.toBeNull();
        }
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
        if (event.type === 'form.submit' && real.matches({ ready: 'idle' })) {
          expect(Object.keys(real.context.errors).length).toBeGreaterThan(0);
          if (v && v.kind === 'percent' && Number(v.value) > 100)
            expect(real.context.errors.commission).toBe('A percentage commission can be at most 100 %');
        }
        if (event.type === 'form.submit' && real.matches({ ready: 'creating' }))
          expect(b?.editingId).toBeNull();
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
