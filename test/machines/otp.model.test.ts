import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { codeError, formatCountdown, otpMachine } from '../../machines/otp.machine';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  networkError,
  rejectingActor,
  resolvingActor,
  runPath,
} from '../helpers/machineModel';

// A 2-second countdown keeps the graph small; the 300-second one is checked on its own below.
const input = { email: 'ada@example.ng', seconds: 2 };
const RESET_TOKEN = 'k3J9x0Qm2VbT7yWc5Lp8Rn4Hs6Df1Ga0Ze9Xu2Yi7Oq';
const events = [
  { type: 'code.change', code: ['1', '2', '3', '4', '5', '6'] },
  { type: 'code.change', code: ['1', '2'] },
  { type: 'form.submit' },
  { type: 'code.resend' },
  { type: 'xstate.after.second.otp.timer.running' },
  { type: 'xstate.done.actor.verifyOtp', output: { message: 'Code verified.', resetToken: RESET_TOKEN } },
  { type: 'xstate.error.actor.verifyOtp', error: httpError(400, 'Too many wrong codes. Ask for a new one.') },
  { type: 'xstate.error.actor.verifyOtp', error: networkError() },
  { type: 'xstate.done.actor.resendCode', output: { message: 'sent' } },
  { type: 'xstate.error.actor.resendCode', error: networkError() },
  { type: 'xstate.error.actor.resendCode', error: httpError(429, 'Wait a minute before asking again.') },
];
type Ev = { type: string; code?: string[]; output?: { resetToken?: string }; error?: unknown };
type Page = {
  timer: 'running' | 'expired';
  form: 'idle' | 'verifying' | 'resending' | 'verified';
  code: string[];
  remaining: number;
  error: string | null;
  notice: string | null;
};
const blank = () => ['', '', '', '', '', ''];

/** What the code page must do, from its description (two regions side by side), not the machine. */
function nextPage(p: Page, e: Ev): Page {
  const server = (e.error as { serverMessage?: string | null } | undefined)?.serverMessage;
  if (e.type === 'xstate.after.second.otp.timer.running' && p.timer === 'running')
    return p.remaining > 1 ? { ...p, remaining: p.remaining - 1 } : { ...p, timer: 'expired', remaining: 0 };
  switch (`${p.form} ${e.type}`) {
    case 'idle code.change':
      return { ...p, code: blank().map((_, i) => e.code?.[i] ?? ''), error: null };
    case 'idle form.submit':
      return p.code.every((d) => /^\d$/.test(d)) ? { ...p, form: 'verifying', error: null, notice: null } : p;
    case 'idle code.resend':
      return { ...p, form: 'resending', error: null, notice: null };
    case 'verifying xstate.done.actor.verifyOtp':
      return { ...p, form: 'verified' };
    case 'verifying xstate.error.actor.verifyOtp':
      return { ...p, form: 'idle', error: server ?? 'Invalid or expired OTP.' };
    case 'resending xstate.done.actor.resendCode':
      // A new code: empty boxes, the full time again, and the page says where it went.
      return {
        ...p,
        form: 'idle',
        timer: 'running',
        code: blank(),
        remaining: input.seconds,
        notice: "We've sent a new code to ada@example.ng.",
      };
    case 'resending xstate.error.actor.resendCode':
      return { ...p, form: 'idle', error: server ?? 'An error occurred.' };
    default:
      return p;
  }
}
const key = (s: SnapshotFrom<typeof otpMachine>) => [
  s.context.code.join(''),
  s.context.remaining,
  s.context.error,
  s.context.notice,
];

beforeEach(() => {
  vi.useFakeTimers();
});

describe('email-code (OTP) flow', () => {
  const paths = flowModel(otpMachine, { events, key, input }).getShortestPaths();

  it('covers every state and transition', () => expectFullCoverage(otpMachine, paths));

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const verified: unknown[] = [];
    let page: Page = {
      timer: 'running',
      form: 'idle',
      code: blank(),
      remaining: input.seconds,
      error: null,
      notice: null,
    };
    const verifies: unknown[] = [];
    const resends: unknown[] = [];
    let step = 0;
    await runPath(path, {
      machine: otpMachine.provide({ actions: { codeVerified: (_, p) => void verified.push(p) } }),
      input,
      actorNames: ['verifyOtp', 'resendCode'],
      delays: { second: 1000 },
      view: key,
      check: (real, _m, calls) => {
        const e = path.steps[step++]?.event as Ev;
        const was = page.form;
        if (e.type !== 'xstate.init') page = nextPage(page, e);
        if (was !== 'verifying' && page.form === 'verifying')
          verifies.push({ email: input.email, otp: page.code.join('') });
        if (was !== 'resending' && page.form === 'resending') resends.push({ email: input.email });
        const { timer, form, ...context } = page;
        expect(real.value).toEqual({ timer, form });
        expect(real.context).toEqual({ email: input.email, seconds: input.seconds, ...context });
        expect(calls.verifyOtp ?? []).toEqual(verifies);
        expect(calls.resendCode ?? []).toEqual(resends);
        // The six boxes go to the server joined.
        if (real.matches({ form: 'verifying' }))
          expect(calls.verifyOtp?.at(-1)).toEqual({ email: 'ada@example.ng', otp: '123456' });
        if (real.matches({ form: 'resending' }))
          expect(calls.resendCode?.at(-1)).toEqual({ email: 'ada@example.ng' });
        // The verified code hands the server's one-time reset token on to the next screen.
        expect(verified).toEqual(
          real.matches({ form: 'verified' }) ? [{ email: 'ada@example.ng', resetToken: RESET_TOKEN }] : [],
        );
      },
    });
  });

  it("counts down 'Code expires in m:ss' from 5:00 and a resend starts again from 5:00", async () => {
    const actor = createActor(
      otpMachine.provide({ actors: { resendCode: resolvingActor({ message: 'sent' }) } }),
      { input: { email: 'ada@example.ng' } },
    ).start();
    const shown = () => formatCountdown(actor.getSnapshot().context.remaining);
    expect(shown()).toBe('5:00');
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown()).toBe('4:59');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(shown()).toBe('3:59');
    actor.send({ type: 'code.resend' });
    await vi.advanceTimersByTimeAsync(0);
    expect(shown()).toBe('5:00');
    expect(actor.getSnapshot().context.notice).toBe("We've sent a new code to ada@example.ng.");
    await vi.advanceTimersByTimeAsync(299_000);
    expect(shown()).toBe('0:01');
    expect(actor.getSnapshot().matches({ timer: 'running' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown()).toBe('0:00');
    expect(actor.getSnapshot().matches({ timer: 'expired' })).toBe(true);
    // Nothing keeps ticking once expired.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(shown()).toBe('0:00');
  });

  it('validates the six boxes with the spec messages', () => {
    expect(codeError(['1', '2', '3', '4', '5', '6'])).toBeNull();
    expect(codeError(['1', '2', '3', '4', '5'])).toBe('OTP must be exactly 6 digits');
    expect(codeError(['1', '2', '3', '4', '5', ''])).toBe('OTP must be exactly 6 digits');
    expect(codeError(['1', '2', '3', '4', '5', '66'])).toBe('Each digit must be exactly 1 character');
    expect(codeError(['1', '2', '3', '4', '5', 'x'])).toBe('OTP must be exactly 6 digits');
  });

  it("falls back to 'Invalid or expired OTP.'", async () => {
    const actor = createActor(
      otpMachine.provide({
        actors: { verifyOtp: rejectingActor(networkError()) },
      }),
      { input: { email: 'ada@example.ng' } },
    ).start();
    actor.send({ type: 'code.change', code: ['9', '9', '9', '9', '9', '9'] });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toBe('Invalid or expired OTP.');
  });
});
