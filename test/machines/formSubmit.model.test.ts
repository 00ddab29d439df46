import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { signInFormMachine } from '../../machines/formSubmit.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError, sampleUser } from '../helpers/machineModel';

// The form factory behind quick checkout and /set-password (decision 038), tested on a form of its
// own: a name, a six-digit code, and a value the page gives that no field edits (a link's token).
const rules = z.object({
  token: z.string(),
  name: z.string().check(z.minLength(1, 'Name is required')),
  code: z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code')),
});
const machine = signInFormMachine('formSubmitUnderTest', rules, { token: 'link-token', name: '', code: '' });

const session = { token: 'session-token', user: sampleUser };
const taken = httpError(409, 'This code was already used.');
const FALLBACK = 'Something went wrong. Please try again.';

const events = [
  { type: 'field.change', name: 'name', value: 'Ada' },
  { type: 'field.change', name: 'name', value: '' },
  { type: 'field.change', name: 'code', value: '123456' },
  { type: 'field.change', name: 'code', value: '12' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.submit', output: session },
  { type: 'xstate.error.actor.submit', error: taken },
  { type: 'xstate.error.actor.submit', error: httpError(500, '') },
  { type: 'xstate.error.actor.submit', error: networkError() },
] as const;

type Values = { token: string; name: string; code: string };
type Ev = (typeof events)[number];

/** What the form must do, written from the decision's words, not from the machine. */
function expectedForm() {
  const errorsOf = (v: Values) => ({
    ...(v.name === '' ? { name: 'Name is required' } : {}),
    ...(/^\d{6}$/.test(v.code) ? {} : { code: 'Enter the 6-digit code' }),
  });
  const f = {
    state: 'editing' as 'editing' | 'submitting' | 'signedIn',
    values: { token: 'link-token', name: '', code: '' } as Values,
    errors: {} as Record<string, string>,
    formError: null as string | null,
    submitted: false,
    calls: [] as Values[],
    signedIn: [] as unknown[],
  };
  const apply = (e: Ev) => {
    if (f.state === 'editing' && e.type === 'field.change') {
      f.values = { ...f.values, [e.name]: e.value };
      // Quiet until the first submit; from then on the words follow every edit.
      if (f.submitted) f.errors = errorsOf(f.values);
      f.formError = null;
    } else if (f.state === 'editing' && e.type === 'form.submit') {
      f.submitted = true;
      f.formError = null;
      f.errors = errorsOf(f.values);
      if (Object.keys(f.errors).length === 0) {
        f.state = 'submitting';
        f.calls.push(f.values);
      }
    } else if (f.state === 'submitting' && e.type === 'xstate.done.actor.submit') {
      f.state = 'signedIn';
      f.signedIn.push(e.output);
    } else if (f.state === 'submitting' && e.type === 'xstate.error.actor.submit') {
      f.state = 'editing';
      f.formError = e.error === taken ? taken.serverMessage : FALLBACK;
    }
  };
  return { f, apply };
}

describe('formSubmit (sign-in form factory) paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  const key = (s: {
    context: { values: Values; errors: object; formError: string | null; submitted: boolean };
  }) => [s.context.values, s.context.errors, s.context.formError, s.context.submitted];
  const paths = flowModel(machine, { events, key }).getShortestPaths();

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const signedIn: unknown[] = [];
    const expected = expectedForm();
    await runFlowPath(path, {
      machine: machine.provide({ actions: { signedIn: (_x, p) => void signedIn.push(p) } }),
      actorNames: ['submit'],
      view: key,
      check: ({ event, real, index }) => {
        if (index > 0) expected.apply(event as Ev);
        const { f } = expected;
        expect(real.value).toBe(f.state);
        expect(real.status).toBe(f.state === 'signedIn' ? 'done' : 'active');
        expect(real.context.values).toEqual(f.values);
        expect(real.context.errors).toEqual(f.errors);
        expect(real.context.formError).toBe(f.formError);
        expect(real.context.submitted).toBe(f.submitted);
      },
    }).then((calls) => {
      expect(calls.submit).toEqual(expected.f.calls);
      expect(signedIn).toEqual(expected.f.signedIn);
    });
  });

  it('covers every state and transition', () => expectFullCoverage(machine, paths));

  it('refuses to sign in when the page did not provide the call', async () => {
    const { createActor, waitFor } = await import('xstate');
    vi.useRealTimers();
    const actor = createActor(machine).start();
    actor.send({ type: 'field.change', name: 'name', value: 'Ada' });
    actor.send({ type: 'field.change', name: 'code', value: '123456' });
    actor.send({ type: 'form.submit' });
    const s = await waitFor(actor, (x) => x.matches('editing'));
    expect(s.context.formError).toBe(FALLBACK);
  });
});
