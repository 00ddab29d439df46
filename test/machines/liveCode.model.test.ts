import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type LiveCodeInput, liveCodeMachine } from '../../machines/liveCode.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';
import { machineShape } from '../helpers/machineShape';

/**
 * The ticket page's live code (decision 058), walked on a simulated clock: the holder's phone finds
 * or makes its key, links it when the ticket has none, and shows a code that is signed again every
 * 30 seconds; a ticket on another phone moves only when asked; a non-holder and a browser without
 * keys keep the printed code.
 */
const PHONE = { publicKey: 'P'.repeat(87), compressed: 'K'.repeat(44) };
const MOVED = 'The ticket moved to this phone. The codes on the other phone no longer work.';
const events = [
  { type: 'retry' },
  { type: 'move' },
  { type: 'xstate.done.actor.phoneKey', output: PHONE },
  { type: 'xstate.done.actor.phoneKey', output: null },
  { type: 'xstate.error.actor.phoneKey', error: new Error('IndexedDB unavailable') },
  { type: 'xstate.done.actor.bind', output: { deviceKey: PHONE.compressed } },
  {
    type: 'xstate.error.actor.bind',
    error: httpError(409, 'This ticket shows its live code on another phone.'),
  },
  { type: 'xstate.error.actor.bind', error: networkError() },
  { type: 'xstate.error.actor.bind', error: httpError(400, 'That key cannot be used.') },
  { type: 'xstate.done.actor.move', output: { deviceKey: PHONE.compressed, message: MOVED } },
  { type: 'xstate.error.actor.move', error: networkError() },
  { type: 'xstate.done.actor.sign', output: { code: 'live-code', madeAt: 1_000 } },
  { type: 'xstate.error.actor.sign', error: new Error('key gone') },
  { type: 'xstate.after.ROTATE.liveCode.live.shown' },
];
type Snap = SnapshotFrom<typeof liveCodeMachine>;
const key = (s: Snap) => [s.context.deviceKey, s.context.liveCode, s.context.error];
const base = { ticketId: 't-1', code: 'printed-code' };
const inputs: [string, LiveCodeInput][] = [
  ['a holder, no phone linked yet', { ...base, deviceKey: null, mayBind: true }],
  ['a holder on the linked phone', { ...base, deviceKey: PHONE.compressed, mayBind: true }],
  ['a holder on a new phone', { ...base, deviceKey: 'O'.repeat(44), mayBind: true }],
  ['the organiser reading the ticket', { ...base, deviceKey: null, mayBind: false }],
];
const allPaths = inputs.map(([name, input]) => ({
  name,
  input,
  paths: flowModel(liveCodeMachine, { events, key, input }).getShortestPaths(),
}));

/**
 * Decision 058's flow in plain code: where the page is and what it holds after each step. The
 * words are the page's own where the server gave none.
 */
function liveOracle(input: LiveCodeInput) {
  const o = {
    state: (input.mayBind ? 'preparing' : 'printed') as string,
    context: {
      ...input,
      phoneKey: null as unknown,
      liveCode: null as string | null,
      madeAt: null as number | null,
      error: null as string | null,
    },
  };
  const c = o.context;
  const words = (e: { error?: unknown }) =>
    (e.error as { serverMessage?: string } | undefined)?.serverMessage;
  // biome-ignore lint/suspicious/noExplicitAny: the path's events
  const apply = (e: any) => {
    const at = o.state;
    if (at === 'preparing' && e.type === 'xstate.done.actor.phoneKey') {
      if (e.output === null) o.state = 'unsupported';
      else {
        c.phoneKey = e.output;
        o.state =
          c.deviceKey === e.output.compressed
            ? 'live.signing'
            : c.deviceKey === null
              ? 'binding'
              : 'elsewhere';
      }
    } else if (at === 'preparing' && e.type === 'xstate.error.actor.phoneKey') o.state = 'unsupported';
    else if (at === 'binding' && e.type === 'xstate.done.actor.bind') {
      Object.assign(c, { deviceKey: e.output.deviceKey, error: null });
      o.state = 'live.signing';
    } else if (at === 'binding' && e.type === 'xstate.error.actor.bind') {
      if (e.error.status === 409) {
        c.error = null;
        o.state = 'elsewhere';
      } else {
        c.error = words(e) ?? 'This phone could not be linked to the ticket. Check your connection.';
        o.state = 'bindFailed';
      }
    } else if (at === 'bindFailed' && e.type === 'retry') o.state = 'binding';
    else if (at === 'elsewhere' && e.type === 'move') {
      c.error = null;
      o.state = 'moving';
    } else if (at === 'moving' && e.type === 'xstate.done.actor.move') {
      c.deviceKey = e.output.deviceKey;
      o.state = 'live.signing';
    } else if (at === 'moving' && e.type === 'xstate.error.actor.move') {
      c.error = words(e) ?? 'The ticket could not be moved to this phone. Please try again.';
      o.state = 'elsewhere';
    } else if (at === 'live.signing' && e.type === 'xstate.done.actor.sign') {
      Object.assign(c, { liveCode: e.output.code, madeAt: e.output.madeAt });
      o.state = 'live.shown';
    } else if (at === 'live.signing' && e.type === 'xstate.error.actor.sign') {
      Object.assign(c, {
        liveCode: null,
        error: 'This phone could not sign the live code. Reload the page to try again.',
      });
      o.state = 'signFailed';
    } else if (at === 'live.shown' && e.type === 'xstate.after.ROTATE.liveCode.live.shown')
      o.state = 'live.signing';
    else if (at === 'signFailed' && e.type === 'retry') o.state = 'live.signing';
  };
  return { o, apply };
}

describe.each(allPaths)('live code paths ($name)', ({ input, paths }) => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let moved = 0;
    const { o, apply } = liveOracle(input);
    await runFlowPath(path, {
      machine: liveCodeMachine,
      input,
      actorNames: ['phoneKey', 'bind', 'move', 'sign'],
      delays: { ROTATE: 30_000 },
      view: key,
      check: ({ event, real, calls, entered, notices }) => {
        apply(event);
        const [top, sub] = o.state.split('.');
        expect(real.matches((sub ? { [top!]: sub } : top) as never), o.state).toBe(true);
        expect(real.context).toEqual(o.context);
        const finals = real.matches('printed') || real.matches('unsupported');
        expect(real.status).toBe(finals ? 'done' : 'active');
        // Only the holder's page ever touches keys; the organiser's never asks for one.
        if (!input.mayBind) expect(real.matches('printed')).toBe(true);
        expect(calls.phoneKey ?? []).toEqual(Array(entered('preparing')).fill({ ticketId: 't-1' }));
        // Linking and moving send this phone's public key, by the ticket's printed code.
        const sent = { code: 'printed-code', publicKey: PHONE.publicKey };
        expect(calls.bind ?? []).toEqual(Array(entered('binding')).fill(sent));
        expect(calls.move ?? []).toEqual(Array(entered('moving')).fill(sent));
        // Signed on entering the live state and again on every rotation.
        expect(calls.sign ?? []).toEqual(Array(entered({ live: 'signing' })).fill({ ticketId: 't-1' }));
        // A phone linked elsewhere never links by itself: only `move` replaces the other key.
        if (input.deviceKey === 'O'.repeat(44) && !real.matches('live') && !real.matches('signFailed'))
          expect(real.context.deviceKey).toBe('O'.repeat(44));
        if (event.type === 'xstate.done.actor.sign') expect(real.context.liveCode).toBe('live-code');
        if (real.matches('live')) expect(real.context.deviceKey).toBe(PHONE.compressed);
        if (event.type === 'xstate.done.actor.move') moved += 1;
        // The one toast: the move, in the server's words.
        expect(notices).toEqual(Array(moved).fill(`success: ${MOVED}`));
      },
    });
  });
});

it('covers every state and transition across the four readers', () =>
  expectFullCoverage(
    liveCodeMachine,
    allPaths.flatMap((p) => p.paths),
  ));

it('has the shape decision 058 describes', () =>
  expect(machineShape(liveCodeMachine)).toEqual([
    'state liveCode.start always --> liveCode.preparing [mayBind] | --> liveCode.printed []',
    'state liveCode.printed (final)',
    'state liveCode.preparing invokes phoneKey:phoneKey',
    'state liveCode.unsupported (final)',
    'state liveCode.binding invokes bind:bind',
    'state liveCode.bindFailed',
    'state liveCode.elsewhere',
    'state liveCode.moving invokes move:move',
    'state liveCode.live (compound)',
    'state liveCode.live.signing invokes sign:sign',
    'state liveCode.live.shown',
    'state liveCode.signFailed',
    'liveCode.bindFailed --retry--> liveCode.binding []',
    'liveCode.binding --xstate.done.actor.bind--> liveCode.live []',
    'liveCode.binding --xstate.error.actor.bind--> liveCode.bindFailed []',
    'liveCode.binding --xstate.error.actor.bind--> liveCode.elsewhere [linkedElsewhere]',
    'liveCode.elsewhere --move--> liveCode.moving []',
    'liveCode.live.shown --xstate.after.ROTATE.liveCode.live.shown--> liveCode.live.signing []',
    'liveCode.live.signing --xstate.done.actor.sign--> liveCode.live.shown []',
    'liveCode.live.signing --xstate.error.actor.sign--> liveCode.signFailed []',
    'liveCode.moving --xstate.done.actor.move--> liveCode.live []',
    'liveCode.moving --xstate.error.actor.move--> liveCode.elsewhere []',
    'liveCode.preparing --xstate.done.actor.phoneKey--> liveCode.binding [unlinked]',
    'liveCode.preparing --xstate.done.actor.phoneKey--> liveCode.elsewhere []',
    'liveCode.preparing --xstate.done.actor.phoneKey--> liveCode.live [linkedHere]',
    'liveCode.preparing --xstate.done.actor.phoneKey--> liveCode.unsupported [noKey]',
    'liveCode.preparing --xstate.error.actor.phoneKey--> liveCode.unsupported []',
    'liveCode.signFailed --retry--> liveCode.live []',
  ]));
