import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { NewsletterRequest, NewsletterResponse } from '../../contract/newsletter';
import {
  type NewsletterValues,
  newsletterErrors,
  newsletterMachine,
} from '../../machines/newsletter.machine';
import { eventModel, everyTransition, flush, manualActor } from '../helpers/machineModel';

type Ev =
  | { type: 'field.change'; field: keyof NewsletterValues; value: string }
  | { type: 'form.submit' }
  | { type: 'xstate.done.actor.subscribe'; output: NewsletterResponse }
  | { type: 'xstate.error.actor.subscribe'; error: unknown };

const OK: NewsletterResponse = {
  created: true,
  message: 'Thanks for subscribing! Check your inbox for a confirmation email.',
};
const DONE: Ev = { type: 'xstate.done.actor.subscribe', output: OK };
const FAIL: Ev = { type: 'xstate.error.actor.subscribe', error: new Error('Invalid email address') };

const events: Ev[] = [
  { type: 'field.change', field: 'name', value: 'Chiamaka Eze' },
  { type: 'field.change', field: 'name', value: '  ' },
  { type: 'field.change', field: 'email', value: 'chiamaka@example.ng' },
  { type: 'field.change', field: 'email', value: 'chiamaka' },
  { type: 'form.submit' },
  DONE,
  FAIL,
];

// biome-ignore lint/suspicious/noExplicitAny: snapshot of this machine.
const serialize = (s: any) => {
  const e = newsletterErrors(s.context.values);
  return `${s.value}|${e.name ? 0 : 1}${e.email ? 0 : 1}|${s.context.showErrors ? 'errors' : 'quiet'}`;
};

const model = eventModel(newsletterMachine, events, serialize);

function harness() {
  const toasts: string[] = [];
  const call = manualActor<NewsletterResponse, NewsletterRequest>();
  const machine = newsletterMachine.provide({
    actors: { subscribe: call.actor },
    actions: {
      notifySubscribed: (_, { message }) => void toasts.push(message),
      notifyFailed: (_, { text }) => void toasts.push(`error: ${text}`),
    },
  });
  const actor = createActor(machine).start();
  async function send(e: Ev) {
    // The call's outcome exists only while a call runs; outside 'subscribing' there is nothing to settle.
    if (e.type === DONE.type) call.resolve(OK);
    else if (e.type === FAIL.type) call.reject(new Error('Invalid email address'));
    else actor.send(e as never);
    await flush();
  }
  return { actor, sent: call.calls, toasts, send };
}

function reference() {
  const empty = { name: '', email: '' };
  const r = {
    state: 'idle' as 'idle' | 'subscribing',
    values: { ...empty },
    showErrors: false,
    toasts: [] as string[],
    sent: 0,
  };
  return {
    r,
    apply(e: Ev) {
      if (r.state === 'idle' && e.type === 'field.change') r.values = { ...r.values, [e.field]: e.value };
      else if (r.state === 'idle' && e.type === 'form.submit') {
        if (Object.keys(newsletterErrors(r.values)).length === 0) {
          r.state = 'subscribing';
          r.sent += 1;
        } else r.showErrors = true;
      } else if (r.state === 'subscribing' && e.type === DONE.type) {
        // On submit the name and email fields are cleared.
        r.state = 'idle';
        r.values = { ...empty };
        r.showErrors = false;
        r.toasts.push(OK.message);
      } else if (r.state === 'subscribing' && e.type === FAIL.type) {
        r.state = 'idle';
        r.toasts.push('error: Invalid email address');
      }
    },
  };
}

function expectMatches(h: ReturnType<typeof harness>, ref: ReturnType<typeof reference>) {
  const s = h.actor.getSnapshot();
  expect(s.value).toBe(ref.r.state);
  expect(s.context.values).toEqual(ref.r.values);
  expect(s.context.errors).toEqual(ref.r.showErrors ? newsletterErrors(ref.r.values) : {});
  expect(h.toasts).toEqual(ref.r.toasts);
  expect(h.sent).toHaveLength(ref.r.sent);
}

describe('newsletter machine (model-based)', () => {
  it('requires a name and a valid email before anything is sent', async () => {
    const h = harness();
    await h.send({ type: 'field.change', field: 'email', value: 'chiamaka' });
    await h.send({ type: 'form.submit' });
    expect(h.actor.getSnapshot().context.errors).toEqual({
      name: 'Name is required',
      email: 'Invalid email address',
    });
    expect(h.sent).toEqual([]);
  });

  it('sends trimmed values and clears the fields on success', async () => {
    const h = harness();
    await h.send({ type: 'field.change', field: 'name', value: ' Chiamaka Eze ' });
    await h.send({ type: 'field.change', field: 'email', value: ' chiamaka@example.ng ' });
    await h.send({ type: 'form.submit' });
    expect(h.sent).toEqual([{ name: 'Chiamaka Eze', email: 'chiamaka@example.ng' }]);
    await h.send(DONE);
    expect(h.actor.getSnapshot().context.values).toEqual({ name: '', email: '' });
    // A fresh form: quiet again until its next submit.
    await h.send({ type: 'field.change', field: 'email', value: 'x' });
    expect(h.actor.getSnapshot().context.errors).toEqual({});
  });

  const { cases, states } = everyTransition(newsletterMachine, model, events, serialize);

  it('reaches every state', () => {
    expect(new Set(states.map((s) => s.split('|')[0]))).toEqual(new Set(['idle', 'subscribing']));
    for (const s of [
      'idle|00|quiet',
      'idle|11|quiet',
      'idle|00|errors',
      'idle|11|errors',
      'subscribing|11|quiet',
      'subscribing|11|errors',
    ])
      expect(states).toContain(s);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const h = harness();
    const ref = reference();
    for (const e of c.steps) {
      await h.send(e);
      ref.apply(e);
      expectMatches(h, ref);
    }
    expect(serialize(h.actor.getSnapshot())).toBe(c.from);
    await h.send(c.event);
    ref.apply(c.event);
    expectMatches(h, ref);
  });
});
