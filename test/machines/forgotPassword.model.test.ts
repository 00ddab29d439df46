import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { forgotPasswordMachine } from '../../machines/forgotPassword.machine';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  networkError,
  rejectingActor,
  runPath,
} from '../helpers/machineModel';

const events = [
  { type: 'field.change', value: 'nope' },
  { type: 'field.change', value: ' ada@example.ng ' },
  { type: 'form.submit' },
  {
    type: 'xstate.done.actor.requestCode',
    output: { message: 'If that email has an account, a code is on its way.' },
  },
  { type: 'xstate.error.actor.requestCode', error: httpError(429, 'Too many requests. Try again later.') },
  { type: 'xstate.error.actor.requestCode', error: networkError() },
];
type Ev = { type: string; value?: string; error?: unknown };
type Form = { state: string; email: string; errors: object; formError: string | null; submitted: boolean };
/** The email rule in plain words: an address with a name, an @ and a domain (spaces around it do not count). */
const errorsOf = (email: string) =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? {} : { email: 'Invalid email address' };

/** What the form must do, from its description (quiet until the first Get Code), not from the machine. */
function nextForm(f: Form, e: Ev): Form {
  const server = (e.error as { serverMessage?: string | null } | undefined)?.serverMessage;
  switch (`${f.state} ${e.type}`) {
    case 'editing field.change':
      return { ...f, email: e.value ?? '', errors: f.submitted ? errorsOf(e.value ?? '') : f.errors };
    case 'editing form.submit': {
      const errors = errorsOf(f.email);
      const ok = Object.keys(errors).length === 0;
      return { ...f, state: ok ? 'sending' : 'editing', errors, formError: null, submitted: true };
    }
    case 'sending xstate.done.actor.requestCode':
      return { ...f, state: 'codeSent' };
    case 'sending xstate.error.actor.requestCode':
      return { ...f, state: 'editing', formError: server ?? 'An error occurred.' };
    default:
      return f;
  }
}
const key = (s: SnapshotFrom<typeof forgotPasswordMachine>) => [
  s.context.email,
  s.context.errors,
  s.context.formError,
  s.context.submitted,
];

beforeEach(() => {
  vi.useFakeTimers();
});

describe('forgot-password flow', () => {
  const paths = flowModel(forgotPasswordMachine, { events, key }).getShortestPaths();

  it('covers every state and transition', () => expectFullCoverage(forgotPasswordMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const sent: unknown[] = [];
    let form: Form = { state: 'editing', email: '', errors: {}, formError: null, submitted: false };
    let step = 0;
    await runPath(path, {
      machine: forgotPasswordMachine.provide({ actions: { codeSent: (_, p) => void sent.push(p) } }),
      actorNames: ['requestCode'],
      view: key,
      check: (real, _m, calls) => {
        const event = path.steps[step++]?.event as Ev;
        if (event.type !== 'xstate.init') form = nextForm(form, event);
        const { state, ...context } = form;
        expect(real.value).toBe(state);
        expect(real.context).toEqual(context);
        expect(real.status).toBe(state === 'codeSent' ? 'done' : 'active');
        if (real.matches('sending')) expect(calls.requestCode?.at(-1)).toEqual({ email: 'ada@example.ng' });
        expect(sent).toEqual(real.matches('codeSent') ? [{ email: 'ada@example.ng' }] : []);
      },
    });
  });

  it("says 'Invalid email address' and falls back to 'An error occurred.'", async () => {
    const actor = createActor(
      forgotPasswordMachine.provide({ actors: { requestCode: rejectingActor(networkError()) } }),
      { input: {} },
    ).start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'Invalid email address' });
    actor.send({ type: 'field.change', value: 'ada@example.ng' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.formError).toBe('An error occurred.');
  });

  it('starts from a given email (the settings view sends the account email)', () => {
    const actor = createActor(forgotPasswordMachine, { input: { email: 'ada@example.ng' } }).start();
    expect(actor.getSnapshot().context.email).toBe('ada@example.ng');
  });
});
