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
  { type: 'pin.change', pin: '6543210' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.loadLink', output: info('active') },
  { type: 'xstate.done.actor.loadLink', output: info('revoked') },
  { type: 'xstate.error.actor.loadLink', error: httpError(404, 'This check-in link is not valid.') },
  { type: 'xstate.error.actor.loadLink', error: networkError() },
  { type: 'xstate.done.actor.openSession', output: session },
  { type: 'xstate.error.actor.openSession', error: httpError(401, 'That PIN is not right.') },
  { type: 'xstate.error.actor.openSession', error: networkError() },
];
type Ev = { type: string; pin?: string; output?: ReturnType<typeof info>; error?: unknown };
type Form = { state: string; info: ReturnType<typeof info> | null; pin: string; error: string | null };

/** What the PIN page must do, from decision 016's words, not from the machine. */
function nextForm(f: Form, e: Ev): Form {
  const server = (e.error as { serverMessage?: string | null } | undefined)?.serverMessage;
  switch (`${f.state} ${e.type}`) {
    case 'loading xstate.done.actor.loadLink':
      // Only an active link asks for the PIN; a revoked or expired one says so and stops.
      return { ...f, state: e.output?.status === 'active' ? 'ready' : 'closed', info: e.output ?? null };
    case 'loading xstate.error.actor.loadLink':
      return { ...f, state: 'closed', error: server ?? 'This check-in link could not be opened.' };
    case 'ready pin.change': {
      // Digits only, six at most.
      const pin = [...(e.pin ?? '')]
        .filter((c) => c >= '0' && c <= '9')
        .join('')
        .slice(0, 6);
      return { ...f, pin, error: null };
    }
    case 'ready form.submit':
      return f.pin.length === 6
        ? { ...f, state: 'opening', error: null }
        : { ...f, error: 'Enter the 6-digit PIN' };
    case 'opening xstate.done.actor.openSession':
      return { ...f, state: 'opened' };
    case 'opening xstate.error.actor.openSession':
      // A refused PIN is cleared for the next try.
      return {
        ...f,
        state: 'ready',
        pin: '',
        error: server ?? 'The scanner could not be opened. Try again.',
      };
    default:
      return f;
  }
}
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
    let form: Form = { state: 'loading', info: null, pin: '', error: null };
    let step = 0;
    await runPath(path, {
      machine: checkinLinkPinMachine.provide({
        actions: { sessionOpened: (_, p) => void opened.push(p.session) },
      }),
      input,
      actorNames: ['loadLink', 'openSession'],
      view: key,
      check: (real, _m, calls) => {
        const e = path.steps[step++]?.event as Ev;
        if (e.type !== 'xstate.init') form = nextForm(form, e);
        const { state, ...context } = form;
        expect(real.value).toBe(state);
        expect(real.context).toEqual({ ...input, ...context });
        expect(real.status).toBe(state === 'opened' || state === 'closed' ? 'done' : 'active');
        expect(calls.loadLink).toEqual([input]);
        // Only six digits ever reach the server, with the link's token.
        if (real.matches('opening'))
          expect(calls.openSession?.at(-1)).toEqual({ token: 'link-token', pin: form.pin });
        expect(opened).toEqual(real.matches('opened') ? [session] : []);
      },
    });
  });

  it('accepts exactly six digits', () => {
    expect(pinError('123456')).toBeNull();
    expect(pinError('12345')).toBe('Enter the 6-digit PIN');
    expect(pinError('12345a')).toBe('Enter the 6-digit PIN');
    expect(pinError('a123456')).toBe('Enter the 6-digit PIN');
    expect(pinError('1234567')).toBe('Enter the 6-digit PIN');
  });
});
