import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { CheckinLink, CheckinsResponse } from '../../contract/checkin';
import { checkinLinksMachine, linkBody } from '../../machines/checkinLinks.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

const eventId = '6b1f3a52-8f1e-4c1d-9a55-6d7f1c2b3a4d';
const vip = '7c000000-0000-4000-8000-000000000002';
const link = (id: string, label: string, status: CheckinLink['status'] = 'active'): CheckinLink => ({
  id,
  label,
  ticketTypeIds: null,
  createdAt: '2026-11-23T09:00:00.000Z',
  expiresAt: '2026-11-24T11:00:00.000Z',
  revokedAt: status === 'revoked' ? '2026-11-23T10:00:00.000Z' : null,
  status,
  canSell: false,
  checkedIn: 0,
});
const gateA = link('9a000000-0000-4000-8000-000000000001', 'Gate A');
const gateB = { ...link('9a000000-0000-4000-8000-000000000002', 'Gate B'), ticketTypeIds: [vip] };
const checkins = (checkedIn: number): CheckinsResponse => ({
  checkins: [],
  counts: { checkedIn, total: 10, perType: [], perGate: [] },
});
const loaded = (n: number, links: CheckinLink[]) => ({
  type: 'xstate.done.actor.load',
  output: { checkins: checkins(n), links },
});
const created = { link: gateB, token: 'tok', pin: '123456' };
const refreshInterval = 'xstate.after.refreshInterval.checkinLinks.ready.idle';

/** Loading, failing, the 15 s refresh and revoking. */
const listEvents = [
  loaded(1, [gateA]),
  loaded(2, [gateA]),
  { type: 'xstate.error.actor.load', error: networkError() },
  { type: 'retry' },
  { type: 'refresh' },
  { type: 'xstate.after.refreshInterval.checkinLinks.failed' },
  { type: refreshInterval },
  { type: 'revoke', linkId: gateA.id },
  // A create click while a revoke runs starts nothing (the label is empty here: refused elsewhere).
  { type: 'create' },
  { type: 'xstate.done.actor.revoke', output: { links: [{ ...gateA, status: 'revoked' }] } },
  { type: 'xstate.error.actor.revoke', error: httpError(404, 'Check-in link not found') },
];
/** The new-link form: a label, ticket types, a refused and an accepted create. */
const formEvents = [
  loaded(0, []),
  { type: 'label.change', value: 'Gate B' },
  { type: 'label.change', value: '   ' },
  { type: 'type.toggle', ticketTypeId: vip },
  { type: 'sell.toggle' },
  { type: 'create' },
  { type: 'xstate.done.actor.create', output: created },
  { type: 'xstate.error.actor.create', error: httpError(403, 'Only the organiser of this event') },
  { type: 'created.dismiss' },
];
/** While a link is being made the form is locked, and a click elsewhere starts nothing. */
const lockedEvents = [
  loaded(1, [gateA]),
  { type: 'label.change', value: 'Gate B' },
  { type: 'create' },
  { type: 'type.toggle', ticketTypeId: vip },
  { type: 'sell.toggle' },
  { type: 'revoke', linkId: gateA.id },
  { type: 'link.selling', linkId: gateA.id, canSell: true },
  { type: 'refresh' },
  { type: 'xstate.done.actor.create', output: created },
];
/** The owner stops a selling link or lets one sell (decision 062); one change at a time. */
const till = { ...gateA, label: 'Till', canSell: true };
const sellingEvents = [
  loaded(1, [till, gateB]),
  { type: 'link.selling', linkId: till.id, canSell: false },
  { type: 'link.selling', linkId: gateB.id, canSell: true },
  // While one change is asked, nothing else starts (and a revoke under way holds the switches off).
  { type: 'revoke', linkId: gateB.id },
  { type: 'create' },
  { type: 'refresh' },
  { type: 'xstate.done.actor.setSelling', output: { links: [{ ...till, canSell: false }, gateB] } },
  {
    type: 'xstate.error.actor.setSelling',
    error: httpError(403, "Your role on this event's team does not allow this."),
  },
];
const sellingKey = (s: Snap) => [
  s.context.switching,
  s.context.links.map((l) => l.canSell),
  s.context.revokingId,
];

type Snap = SnapshotFrom<typeof checkinLinksMachine>;
/** The list's paths: what was loaded, the refresh's failure, and which link is being revoked. */
const key = (s: Snap) => {
  const c = s.context;
  return [
    c.data?.counts.checkedIn ?? null,
    c.links.map((l) => `${l.label}:${l.status}`),
    c.loadError,
    c.revokingId,
  ];
};
/**
 * The form's paths keep only what steers the form: what is shown after each answer (the new PIN,
 * a refused create) is asserted step by step below, and does not multiply the paths.
 */
const formKey = (s: Snap) => {
  const c = s.context;
  return [
    c.label === '' ? 'empty' : c.label.trim() ? 'named' : 'blank',
    c.ticketTypeIds.length,
    c.canSell,
    c.labelError,
  ];
};
/** In the locked-form model only the calls matter; the other events are offered while creating. */
const lockedKey = (s: Snap) => [s.context.label.trim() !== '', s.context.links.length];
const whileCreating = new Set(['type.toggle', 'sell.toggle', 'revoke', 'link.selling', 'refresh']);
const lockedOnly = (s: Snap) =>
  s.matches({ ready: 'creating' }) ? lockedEvents : lockedEvents.filter((e) => !whileCreating.has(e.type));
const input = { eventId };
const pathsOf = (events: Parameters<typeof flowModel>[1]['events'], k: (s: Snap) => unknown) =>
  flowModel(checkinLinksMachine, { events, key: k, input }).getShortestPaths();
const modelPaths = [
  ['links and refresh', pathsOf(listEvents, key), key],
  ['a new link', pathsOf(formEvents, formKey), formKey],
  ['a locked form', pathsOf(lockedOnly, lockedKey), lockedKey],
  ['selling on and off', pathsOf(sellingEvents, sellingKey), sellingKey],
] as const;

beforeEach(() => {
  vi.useFakeTimers();
});

describe.each(modelPaths)('check-in tab paths for %s', (_, paths, view) => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    await runFlowPath(path, {
      machine: checkinLinksMachine,
      input,
      actorNames: ['load', 'create', 'revoke', 'setSelling'],
      delays: { refreshInterval: 15_000 },
      view,
      check: ({ event, real, before, calls, notices, entered }) => {
        const c = real.context;
        // Every load is for this event; a create sends the form as typed; a revoke names its link.
        for (const call of calls.load ?? []) expect(call).toEqual({ eventId });
        const startedCreate = real.matches({ ready: 'creating' }) && !before?.matches({ ready: 'creating' });
        if (startedCreate) {
          expect(calls.create?.at(-1)).toEqual({
            eventId,
            body: linkBody(c.label, c.ticketTypeIds, c.canSell),
          });
          // Only a label the contract accepts is sent.
          expect(c.label.trim()).not.toBe('');
        }
        if (
          event.type === 'revoke' &&
          real.matches({ ready: 'revoking' }) &&
          !before?.matches({ ready: 'revoking' })
        )
          expect(calls.revoke?.at(-1)).toEqual({ eventId, linkId: event.linkId });
        // Once a create was refused, the label's message follows every edit.
        if (c.submitted) expect(c.labelError).toBe(c.label.trim() ? null : 'Give the link a label');
        // A blank label is refused on the spot with the contract's words, and nothing is sent.
        if (event.type === 'create' && real.matches({ ready: 'idle' }) && c.label.trim() === '')
          expect([c.labelError, c.submitted]).toEqual(['Give the link a label', true]);
        if (event.type === 'xstate.done.actor.create') {
          // Shown once, the form cleared, the link listed, and the figures refreshed at once.
          expect(c.created).toEqual(created);
          expect([c.label, c.ticketTypeIds, c.canSell]).toEqual(['', [], false]);
          expect(c.links).toContainEqual(gateB);
          expect(real.matches({ ready: 'refreshing' })).toBe(true);
        }
        if (event.type === 'xstate.error.actor.create') {
          expect(c.formError).toBe('Only the organiser of this event');
          expect(c.label).toBe(before?.context.label);
        }
        if (
          event.type === 'link.selling' &&
          real.matches({ ready: 'switching' }) &&
          !before?.matches({ ready: 'switching' })
        )
          expect(calls.setSelling?.at(-1)).toEqual({
            eventId,
            linkId: event.linkId,
            body: { canSell: event.canSell },
          });
        if (event.type === 'xstate.done.actor.setSelling') {
          const asked = before?.context.switching;
          expect(notices.at(-1)).toBe(
            asked?.linkId === till.id
              ? 'success: Link "Till" stops selling at its next sync; what it sold is kept and its unused seats go back on sale.'
              : 'success: Link "Gate B" can sell at the door from its next sync.',
          );
          expect([c.links, c.switching]).toEqual([[{ ...till, canSell: false }, gateB], null]);
        }
        if (event.type === 'xstate.error.actor.setSelling') {
          expect(notices.at(-1)).toBe("error: Your role on this event's team does not allow this.");
          expect([c.links, c.switching]).toEqual([before?.context.links, null]);
        }
        // Only the link asked about is ever sent, once per switch.
        expect(calls.setSelling?.length ?? 0).toBe(entered({ ready: 'switching' }));
        if (event.type === 'xstate.done.actor.revoke') {
          expect(notices.at(-1)).toBe('success: Link "Gate A" revoked.');
          expect(c.links[0]?.status).toBe('revoked');
        }
        if (event.type === 'xstate.error.actor.revoke') {
          expect(notices.at(-1)).toBe('error: Check-in link not found');
          expect(c.links).toEqual(before?.context.links);
        }
        if (event.type === 'xstate.error.actor.load') {
          // What was shown stays; the failure is said above it.
          expect(c.data).toEqual(before?.context.data);
          expect(c.loadError).toBe(
            c.data ? 'Check-in figures could not be refreshed.' : 'Check-in figures could not be loaded.',
          );
        }
        // The count of loads is the count of times the machine entered a loading state.
        expect(calls.load?.length ?? 0).toBe(entered('loading', { ready: 'refreshing' }));
      },
    });
  });
});

describe('check-in tab coverage and rules', () => {
  it('covers every state and transition', () =>
    expectFullCoverage(
      checkinLinksMachine,
      modelPaths.flatMap(([, paths]) => paths),
    ));

  it('sends ticket types only when some are ticked', () => {
    expect(linkBody('Gate A', [])).toEqual({ label: 'Gate A' });
    expect(linkBody('VIP door', [vip])).toEqual({ label: 'VIP door', ticketTypeIds: [vip] });
    // Allowed to sell at the door (decision 062): sent only when ticked.
    expect(linkBody('Till', [], true)).toEqual({ label: 'Till', canSell: true });
  });
});
