import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { verifyEmailMachine } from '../../machines/verifyEmail.machine';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  networkError,
  resolvingActor,
  runPath,
} from '../helpers/machineModel';

const events = [
  { type: 'xstate.done.actor.verifyEmail', output: { message: 'verified' } },
  { type: 'xstate.error.actor.verifyEmail', error: httpError(400, 'This verification link has expired.') },
  { type: 'xstate.error.actor.verifyEmail', error: networkError() },
  { type: 'xstate.after.redirect.verifyEmail.verified' },
];
const key = (s: SnapshotFrom<typeof verifyEmailMachine>) => s.context.message;
const inputs = [{ token: 'abc123' }, { token: '' }, { token: undefined }, { token: '   ' }];

beforeEach(() => {
  vi.useFakeTimers();
});

describe.each(inputs)('verify-email flow with token %j', (input) => {
  const paths = flowModel(verifyEmailMachine, { events, key, input }).getSimplePaths();

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let redirects = 0;
    await runPath(path, {
      machine: verifyEmailMachine.provide({
        actions: {
          goToLogin: () => {
            redirects++;
          },
        },
      }),
      input,
      actorNames: ['verifyEmail'],
      delays: { redirect: 3000 },
      view: key,
      check: (real, _m, calls) => {
        if (real.matches('verifying')) expect(calls.verifyEmail).toEqual([{ token: 'abc123' }]);
        expect(redirects).toBe(real.matches('redirected') ? 1 : 0);
        // The link's page ends on the result: nothing after a redirect or a failure moves it.
        expect(real.status).toBe(real.matches('redirected') || real.matches('failed') ? 'done' : 'active');
      },
    });
  });
});

describe('verify-email messages and coverage', () => {
  const paths = inputs.flatMap((input) =>
    flowModel(verifyEmailMachine, { events, key, input }).getSimplePaths(),
  );

  it('covers every state and transition', () => expectFullCoverage(verifyEmailMachine, paths));

  it('ends with the spec messages', () => {
    expect(new Set(paths.flatMap((p) => p.steps.map((s) => s.state.context.message)))).toEqual(
      new Set([
        null,
        'Email verified successfully! Redirecting to login...',
        'This verification link has expired.',
        'An error occurred during verification.',
        'Invalid verification link.',
      ]),
    );
  });

  it('waits the full 3 seconds before going to /login', async () => {
    const { createActor } = await import('xstate');
    let redirected = false;
    const actor = createActor(
      verifyEmailMachine.provide({
        actors: { verifyEmail: resolvingActor({ message: 'ok' }) },
        actions: {
          goToLogin: () => {
            redirected = true;
          },
        },
      }),
      { input: { token: 't' } },
    ).start();
    await vi.advanceTimersByTimeAsync(2999);
    expect(actor.getSnapshot().value).toBe('verified');
    expect(redirected).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(redirected).toBe(true);
  });
});
