import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ContactRequest } from '../../contract/contact';
import { type ContactValues, contactErrors, contactFormMachine } from '../../machines/contactForm.machine';
import { eventModel, everyTransition, flush, manualActor } from '../helpers/machineModel';

type Ev =
  | { type: 'field.change'; field: keyof ContactValues; value: string | boolean }
  | { type: 'form.submit' }
  | { type: 'xstate.done.actor.sendMessage'; output: unknown }
  | { type: 'xstate.error.actor.sendMessage'; error: unknown };

const DONE: Ev = { type: 'xstate.done.actor.sendMessage', output: null };
const FAIL: Ev = { type: 'xstate.error.actor.sendMessage', error: new Error('Network Error') };

const events: Ev[] = [
  { type: 'field.change', field: 'firstName', value: ' Adaeze ' },
  { type: 'field.change', field: 'firstName', value: '   ' },
  { type: 'field.change', field: 'lastName', value: 'Okonkwo' },
  { type: 'field.change', field: 'email', value: 'adaeze@example.ng' },
  { type: 'field.change', field: 'email', value: 'adaeze@' },
  { type: 'field.change', field: 'message', value: 'Can we host a campus quiz night?' },
  { type: 'field.change', field: 'agreement', value: true },
  { type: 'field.change', field: 'agreement', value: false },
  { type: 'form.submit' },
  DONE,
  FAIL,
];

const FIELDS = ['firstName', 'lastName', 'email', 'message', 'agreement'] as const;
/** The state plus which fields are valid and whether errors show: all that changes behaviour. */
// biome-ignore lint/suspicious/noExplicitAny: snapshot of this machine.
const serialize = (s: any) => {
  const errors = contactErrors(s.context.values);
  const mask = FIELDS.map((f) => (errors[f] ? '0' : '1')).join('');
  return `${s.value}|${mask}|${s.context.showErrors ? 'errors' : 'quiet'}`;
};

const model = eventModel(contactFormMachine, events, serialize);

/** A page around the machine: the HTTP call is a promise we settle, toasts are recorded. */
function harness() {
  const toasts: string[] = [];
  const call = manualActor<unknown, ContactRequest>();
  const machine = contactFormMachine.provide({
    actors: { sendMessage: call.actor },
    actions: {
      notifySent: () => void toasts.push('Email Sent successfully!'),
      notifyFailed: (_, { text }) => void toasts.push(`Failed to send email: ${text}`),
    },
  });
  const actor = createActor(machine).start();
  async function send(e: Ev) {
    // The call's outcome exists only while a call runs; outside 'sending' there is nothing to settle.
    if (e.type === DONE.type) call.resolve(null);
    else if (e.type === FAIL.type) call.reject(new Error('Network Error'));
    else actor.send(e as never);
    await flush();
  }
  return { actor, sent: call.calls, toasts, send };
}

/** The blank form, written here rather than read from the machine. */
const BLANK: ContactValues = { firstName: '', lastName: '', email: '', message: '', agreement: false };

/** The form's rules (required fields, email shape, busy while sending) in plain code, as the oracle. */
function reference() {
  const r = {
    state: 'idle' as 'idle' | 'sending',
    values: { ...BLANK },
    showErrors: false,
    toasts: [] as string[],
  };
  return {
    r,
    apply(e: Ev) {
      if (r.state === 'idle' && e.type === 'field.change') r.values = { ...r.values, [e.field]: e.value };
      else if (r.state === 'idle' && e.type === 'form.submit') {
        if (Object.keys(contactErrors(r.values)).length === 0) r.state = 'sending';
        else r.showErrors = true;
      } else if (r.state === 'sending' && e.type === DONE.type) {
        r.state = 'idle';
        r.values = { ...BLANK };
        r.showErrors = false;
        r.toasts.push('Email Sent successfully!');
      } else if (r.state === 'sending' && e.type === FAIL.type) {
        r.state = 'idle';
        r.toasts.push('Failed to send email: Network Error');
      }
    },
  };
}

function expectMatches(h: ReturnType<typeof harness>, ref: ReturnType<typeof reference>) {
  const s = h.actor.getSnapshot();
  expect(s.value).toBe(ref.r.state);
  expect(s.context.values).toEqual(ref.r.values);
  expect(s.context.errors).toEqual(ref.r.showErrors ? contactErrors(ref.r.values) : {});
  expect(s.context.showErrors).toBe(ref.r.showErrors);
  expect(h.toasts).toEqual(ref.r.toasts);
}

describe('contact form machine (model-based)', () => {
  it('shows the spec’s messages for an empty form after submit, and sends nothing', async () => {
    const h = harness();
    await h.send({ type: 'form.submit' });
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.actor.getSnapshot().context.errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      message: 'Message is required',
      agreement: 'You must agree to the Terms & conditions',
    });
    expect(h.sent).toEqual([]);
  });

  it('sends the trimmed values once, and resets after success', async () => {
    const h = harness();
    for (const e of events.filter(
      (e) => e.type === 'field.change' && e.value !== '   ' && e.value !== 'adaeze@' && e.value !== false,
    ))
      await h.send(e);
    await h.send({ type: 'form.submit' });
    expect(h.actor.getSnapshot().value).toBe('sending');
    // While sending, the form is frozen and a second submit sends nothing.
    await h.send({ type: 'form.submit' });
    await h.send({ type: 'field.change', field: 'firstName', value: 'X' });
    expect(h.sent).toEqual([
      {
        firstName: 'Adaeze',
        lastName: 'Okonkwo',
        email: 'adaeze@example.ng',
        message: 'Can we host a campus quiz night?',
        agreement: true,
      },
    ]);
    await h.send(DONE);
    expect(h.actor.getSnapshot().context.values).toEqual(BLANK);
    expect(h.toasts).toEqual(['Email Sent successfully!']);
  });

  const { cases, states } = everyTransition(contactFormMachine, model, events, serialize);

  it('reaches every state: idle (quiet and showing errors) and sending', () => {
    expect(new Set(states.map((s) => s.split('|')[0]))).toEqual(new Set(['idle', 'sending']));
    expect(states).toContain('idle|11111|quiet');
    expect(states).toContain('idle|00000|errors');
    expect(states).toContain('sending|11111|quiet');
    expect(states).toContain('sending|11111|errors');
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
