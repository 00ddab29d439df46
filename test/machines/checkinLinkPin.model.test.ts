import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { checkinLinkPinMachine, pinError } from '../../machines/checkinLinkPin.machine';
import { expectFullCoverage, flowModel, httpError, networkError, runPath } from '../helpers/machineModel';

const event = {
  id: '6b1f3a52-8f1e-4c1d-9a55-6d7f1c2b3a4d',
  eventName: 'Afrobeats Night',
  startDate: '2026-12-05',
  startTime: '18:00',
  location: null,
};
const info = (status: 'active' | 'revoked' | 'expired') => ({ label: 'Gate A', event, status });
const session = { sessionToken: 'gpci_x', label: 'Gate A', event, expiresAt: '2026-12-06T11:00:00.000Z' };
const input = { token: 'link-token' };
const events = [
  { type: 'pin.change', pin: '12 34 56' },
  { type: 'pin.change', pin: '12' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.loadLink', output: info('active') },
  { type: 'xstate.done.actor.loadLink', output: info('revoked') },
  { type: 'xstate.error.actor.loadLink', error: httpError(404, 'This check-in link is not valid.') },
  { type: 'xstate.done.actor.openSession', output: session },
  { type: 'xstate.error.actor.openSession', error: httpError(401, 'That PIN is not right.') },
  { type: 'xstate.error.actor.openSession', error: networkError() },
];
const key = (s: SnapshotFrom<typeof checkinLinkPinMachine>) => [
  s.context.pin,
  s.context.error,
  s.context.info?.status,
];

beforeEach(() => {
  vi.useFakeTimers();
});

describe('check-in link PIN flow (model-based)', () => {
  const paths = flowModel(checkinLinkPinMachine, { events, key, input }).getShortestPaths();

  it('covers every state and transition', () => expectFullCoverage(checkinLinkPinMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const opened: unknown[] = [];
    await runPath(path, {
      machine: checkinLinkPinMachine.provide({
        actions: { sessionOpened: (_, p) => void opened.push(p.session) },
      }),
      input,
      actorNames: ['loadLink', 'openSession'],
      view: key,
      check: (real, _m, calls) => {
        // Only six digits ever reach the server, with the link's token.
        if (real.matches('opening'))
          expect(calls.openSession?.at(-1)).toEqual({ token: 'link-token', pin: '123456' });
        expect(opened).toEqual(real.matches('opened') ? [session] : []);
      },
    });
  });

  it('accepts exactly six digits', () => {
    expect(pinError('123456')).toBeNull();
    expect(pinError('12345')).toBe('Enter the 6-digit PIN');
    expect(pinError('12345a')).toBe('Enter the 6-digit PIN');
  });
});
