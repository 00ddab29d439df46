import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  type GuestMessageSummary,
  type GuestMessagesResponse,
  guestMessageDraft,
} from '../../contract/guestMessages';
import { guestMessageMachine } from '../../machines/guestMessage.machine';
import { driveMachine } from '../helpers/driveMachine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';
import { firstIssues } from '../helpers/tabOracle';

// Expectations written from decision 063, not from the machine: what each step sends the API and
// what the screen then holds.
const input = { eventId: '5f0c3c1e-7a2b-4c8d-9e1f-2a3b4c5d6e7f' };
const VIP = '9a000000-0000-4000-8000-000000000001';
const listed: GuestMessagesResponse = {
  messages: [],
  guests: 12,
  types: [{ id: VIP, name: 'VIP', guests: 4 }],
  dates: [],
  limit: { perHour: 3, sentThisHour: 0 },
};
const sent: GuestMessageSummary = {
  id: '9b000000-0000-4000-8000-000000000001',
  audience: 'type',
  audienceName: 'VIP',
  subject: 'Gates open at 6',
  body: 'Bring ID',
  sentByName: 'Ngozi Eze',
  createdAt: '2026-11-27T21:00:00.000Z',
  recipients: 4,
  sent: 0,
  failed: 0,
  skipped: 0,
  waiting: 4,
};
const reloaded: GuestMessagesResponse = { ...listed, messages: [{ ...sent, sent: 4, waiting: 0 }] };
const preview = {
  recipients: 4,
  audienceName: 'VIP',
  subject: 'Gates open at 6',
  text: 'Hello Ada,\n\nBring ID',
};
const TOO_MANY = 'This event has sent 3 messages to its guests in the last hour, the most it may.';

type Values = { audience: string; ticketTypeId: string; eventDateId: string; subject: string; body: string };
const blank: Values = { audience: 'event', ticketTypeId: '', eventDateId: '', subject: '', body: '' };
/** The body decision 063 sends: only the id its audience needs. */
const bodyOf = (v: Values) => ({
  audience: v.audience,
  ...(v.audience === 'type' ? { ticketTypeId: v.ticketTypeId || undefined } : {}),
  ...(v.audience === 'date' ? { eventDateId: v.eventDateId || undefined } : {}),
  subject: v.subject,
  body: v.body,
});
/** The contract's words, then the choice a type or a date audience needs. */
const errorsOf = (v: Values) => {
  const parsed = guestMessageDraft.safeParse(bodyOf(v));
  const issues = [...(parsed.success ? [] : parsed.error.issues)];
  if (v.audience === 'type' && !v.ticketTypeId)
    issues.push({ path: ['ticketTypeId'], message: 'Choose the ticket type the message goes to' } as never);
  if (v.audience === 'date' && !v.eventDateId)
    issues.push({ path: ['eventDateId'], message: 'Choose the date the message goes to' } as never);
  return firstIssues({ success: issues.length === 0, error: { issues } });
};
type Ev = { type: string; name?: string; value?: string; output?: never; error?: unknown };
const words = (e: Ev) => (e.error as { serverMessage?: string | null }).serverMessage || null;

/** The Messages tab as decision 063 describes it, in plain code: state, context, toasts and calls. */
function messagesOracle(eventId: string) {
  const t = {
    state: 'loading' as string,
    c: {
      eventId,
      data: null as GuestMessagesResponse | null,
      values: blank,
      errors: {} as Record<string, string>,
      submitted: false,
      formError: null as string | null,
      preview: null as unknown,
      testSentTo: null as string | null,
    },
    notices: [] as string[],
    calls: { load: [{ eventId }] } as Record<string, unknown[]>,
  };
  const call = (name: string, input: unknown) => {
    t.calls[name] ??= [];
    t.calls[name].push(input);
  };
  const sendBody = () => ({ eventId, body: bodyOf(t.c.values) });
  const apply = (e: Ev) => {
    const c = t.c;
    const at = `${t.state} ${e.type}`;
    const typing = t.state === 'writing' || t.state === 'refreshing';
    if (at === 'loading xstate.done.actor.load') {
      t.state = 'writing';
      c.data = e.output ?? null;
    } else if (at === 'loading xstate.error.actor.load') {
      t.state = 'failed';
      c.formError = words(e) ?? 'The messages could not be loaded.';
    } else if (at === 'failed retry') {
      t.state = 'loading';
      c.formError = null;
      call('load', { eventId });
    } else if (typing && e.type === 'field.change') {
      c.values = { ...c.values, [e.name as string]: e.value };
      if (c.submitted) c.errors = errorsOf(c.values);
      c.formError = null;
    } else if (typing && e.type === 'preview') {
      const errors = errorsOf(c.values);
      if (Object.keys(errors).length === 0) {
        t.state = 'previewing';
        call('preview', sendBody());
      } else Object.assign(c, { errors, formError: null, submitted: true });
    } else if (at === 'writing refresh') {
      t.state = 'refreshing';
      call('reload', { eventId });
    } else if (at === 'previewing xstate.done.actor.preview') {
      t.state = 'previewed';
      Object.assign(c, { preview: e.output, formError: null, testSentTo: null });
    } else if (at === 'previewing xstate.error.actor.preview') {
      t.state = 'writing';
      c.formError = words(e) ?? 'The preview could not be made.';
    } else if (at === 'previewed edit') {
      t.state = 'writing';
      Object.assign(c, { preview: null, testSentTo: null });
    } else if (at === 'previewed test') {
      t.state = 'testing';
      call('sendTest', sendBody());
    } else if (at === 'previewed send') {
      t.state = 'sending';
      call('send', sendBody());
    } else if (at === 'testing xstate.done.actor.sendTest') {
      t.state = 'previewed';
      const to = (e.output as unknown as { sentTo: string }).sentTo;
      Object.assign(c, { testSentTo: to, formError: null });
      t.notices.push(`success: Test sent to ${to}`);
    } else if (at === 'testing xstate.error.actor.sendTest') {
      t.state = 'previewed';
      c.formError = words(e) ?? 'The test was not sent.';
    } else if (at === 'sending xstate.done.actor.send') {
      const out = e.output as unknown as GuestMessageSummary;
      // Listed at once (one more this hour), the form emptied, the list read again for the counts.
      t.state = 'refreshing';
      call('reload', { eventId });
      const d = c.data;
      Object.assign(c, {
        data: d && {
          ...d,
          messages: [out, ...d.messages],
          limit: { ...d.limit, sentThisHour: d.limit.sentThisHour + 1 },
        },
        values: blank,
        errors: {},
        submitted: false,
        formError: null,
        preview: null,
        testSentTo: null,
      });
      t.notices.push(`success: Sending to ${out.recipients} ${out.recipients === 1 ? 'guest' : 'guests'}`);
    } else if (at === 'sending xstate.error.actor.send') {
      t.state = 'previewed';
      c.formError = words(e) ?? 'The message was not sent.';
    } else if (at === 'refreshing xstate.done.actor.reload') {
      t.state = 'writing';
      c.data = e.output ?? null;
    } else if (at === 'refreshing xstate.error.actor.reload') t.state = 'writing';
  };
  return { t, apply };
}

describe('guest message (Messages tab) paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  const events = [
    { type: 'xstate.done.actor.load', output: listed },
    { type: 'xstate.error.actor.load', error: networkError() },
    { type: 'retry' },
    { type: 'field.change', name: 'audience', value: 'type' },
    { type: 'field.change', name: 'ticketTypeId', value: VIP },
    { type: 'field.change', name: 'subject', value: 'Gates open at 6' },
    { type: 'field.change', name: 'body', value: 'Bring ID' },
    { type: 'preview' },
    { type: 'xstate.done.actor.preview', output: preview },
    { type: 'xstate.error.actor.preview', error: networkError() },
    { type: 'edit' },
    { type: 'test' },
    { type: 'xstate.done.actor.sendTest', output: { sentTo: 'ngozi@example.ng' } },
    { type: 'xstate.error.actor.sendTest', error: networkError() },
    { type: 'send' },
    { type: 'xstate.done.actor.send', output: sent },
    { type: 'xstate.error.actor.send', error: httpError(429, TOO_MANY) },
    { type: 'xstate.error.actor.send', error: networkError() },
    { type: 'refresh' },
    { type: 'xstate.done.actor.reload', output: reloaded },
    { type: 'xstate.error.actor.reload', error: networkError() },
  ];
  type Snap = SnapshotFrom<typeof guestMessageMachine>;
  const complete = (v: Snap['context']['values']) =>
    v.subject !== '' && v.body !== '' && (v.audience !== 'type' || v.ticketTypeId !== '');
  // What changes behaviour: a list or none, whether the message could go, and what the screen shows.
  const key = (s: Snap) => [
    (s.context.data?.messages.length ?? -1) > 0,
    s.context.values.audience,
    complete(s.context.values),
    Object.keys(s.context.errors).length > 0,
    s.context.formError !== null,
    s.context.preview !== null,
    s.context.testSentTo !== null,
  ];
  const paths = flowModel(guestMessageMachine, { events, key, input }).getShortestPaths();

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const tab = messagesOracle(input.eventId);
    await runFlowPath(path, {
      machine: guestMessageMachine,
      input,
      actorNames: ['load', 'reload', 'preview', 'sendTest', 'send'],
      view: key,
      check: ({ index, event, real, before, calls, entered, notices }) => {
        if (index > 0) tab.apply(event as Ev);
        const at = ['loading', 'failed'].includes(tab.t.state) ? tab.t.state : { ready: tab.t.state };
        expect(real.matches(at as never), JSON.stringify(at)).toBe(true);
        expect(real.context).toEqual(tab.t.c);
        expect(notices).toEqual(tab.t.notices);
        for (const name of ['load', 'reload', 'preview', 'sendTest', 'send'])
          expect(calls[name] ?? [], name).toEqual(tab.t.calls[name] ?? []);
        const expectedBody = (v: Snap['context']['values']) => ({
          audience: v.audience,
          ...(v.audience === 'type' ? { ticketTypeId: v.ticketTypeId } : {}),
          subject: v.subject,
          body: v.body,
        });
        // A preview is asked only of a complete message; an incomplete one shows why, asking nothing.
        // Typing goes on while the list is read again behind the form.
        if (event.type === 'field.change' && before?.matches({ ready: 'refreshing' }))
          expect(real.matches({ ready: 'refreshing' })).toBe(true);
        if (event.type === 'preview') {
          if (before && complete(before.context.values)) {
            expect(real.matches({ ready: 'previewing' })).toBe(true);
            expect(calls.preview?.at(-1)).toEqual({
              eventId: input.eventId,
              body: expectedBody(before.context.values),
            });
          } else {
            expect(calls.preview?.length ?? 0).toBe(entered({ ready: 'previewing' }));
            expect(Object.keys(real.context.errors).length).toBeGreaterThan(0);
          }
        }
        // The test and the send carry exactly what was previewed.
        if (event.type === 'test' && before?.matches({ ready: 'previewed' }))
          expect(calls.sendTest?.at(-1)).toEqual({
            eventId: input.eventId,
            body: expectedBody(before.context.values),
          });
        if (event.type === 'send' && before?.matches({ ready: 'previewed' })) {
          expect(calls.send?.at(-1)).toEqual({
            eventId: input.eventId,
            body: expectedBody(before.context.values),
          });
          expect(calls.send?.length).toBe(entered({ ready: 'sending' }));
        }
        // Nothing goes out without a preview first.
        expect(calls.send?.length ?? 0).toBeLessThanOrEqual(entered({ ready: 'previewed' }));
        if (event.type === 'xstate.done.actor.preview') expect(real.context.preview).toEqual(preview);
        if (event.type === 'edit') expect(real.context.preview).toBeNull();
        if (event.type === 'xstate.done.actor.sendTest')
          expect(real.context.testSentTo).toBe('ngozi@example.ng');
        if (event.type === 'xstate.done.actor.send') {
          // Listed at once, the form emptied, and the list read again for the counts.
          expect(real.context.data?.messages[0]).toEqual(sent);
          expect(real.context.values).toEqual({
            audience: 'event',
            ticketTypeId: '',
            eventDateId: '',
            subject: '',
            body: '',
          });
          expect(real.context.preview).toBeNull();
          expect(real.matches({ ready: 'refreshing' })).toBe(true);
        }
        if (event.type === 'xstate.error.actor.send') {
          // Refused (the hourly limit): the message stays as written, with the server's words.
          expect(real.context.formError).toBe(words(event as Ev) ? TOO_MANY : 'The message was not sent.');
          expect(real.context.values).toEqual(before?.context.values);
          expect(real.context.preview).toEqual(before?.context.preview);
        }
        if (event.type === 'xstate.done.actor.reload') {
          expect(real.context.data).toEqual(reloaded);
          expect(real.context.values).toEqual(before?.context.values);
        }
        if (event.type === 'xstate.error.actor.reload')
          expect(real.context.data).toEqual(before?.context.data);
        if (event.type === 'xstate.error.actor.load')
          expect(real.context.formError).toBe('The messages could not be loaded.');
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(guestMessageMachine, paths));
});

describe('guest message: a date, one guest, no list', () => {
  beforeEach(() => void vi.useFakeTimers());
  const DATE = '9c000000-0000-4000-8000-000000000001';
  it('asks for the date a date audience needs, sends only its id, and says "1 guest"', async () => {
    const d = driveMachine(guestMessageMachine, {
      input,
      calls: ['load', 'reload', 'preview', 'sendTest', 'send'],
      recorded: ['notify'],
    });
    await vi.advanceTimersByTimeAsync(0);
    // The list failed to arrive: the form still works, and a send lists nothing.
    await d.reject('load', httpError(403, 'You do not manage this event.'));
    expect(d.context().formError).toBe('You do not manage this event.');
    d.send({ type: 'retry' });
    await d.resolve('load', null);
    for (const [name, value] of [
      ['audience', 'date'],
      ['subject', 'Day two moved'],
      ['body', 'Now at 7'],
    ])
      d.send({ type: 'field.change', name, value });
    d.send({ type: 'preview' });
    expect(d.context().errors).toEqual({ eventDateId: 'Choose the date the message goes to' });
    expect(d.calls.preview).toEqual([]);
    d.send({ type: 'field.change', name: 'audience', value: 'type' });
    expect(d.context().errors).toEqual({ ticketTypeId: 'Choose the ticket type the message goes to' });
    d.send({ type: 'field.change', name: 'audience', value: 'date' });
    d.send({ type: 'field.change', name: 'ticketTypeId', value: VIP });
    d.send({ type: 'field.change', name: 'eventDateId', value: DATE });
    expect(d.context().errors).toEqual({});
    d.send({ type: 'preview' });
    const body = { audience: 'date', eventDateId: DATE, subject: 'Day two moved', body: 'Now at 7' };
    expect(d.calls.preview).toEqual([{ eventId: input.eventId, body }]);
    expect(Object.keys((d.calls.preview[0] as { body: object }).body)).toEqual([
      'audience',
      'eventDateId',
      'subject',
      'body',
    ]);
    await d.resolve('preview', { ...preview, recipients: 1 });
    d.send({ type: 'test' });
    await d.reject('sendTest', httpError(429, 'Ten tests an hour.'));
    expect(d.context().formError).toBe('Ten tests an hour.');
    d.send({ type: 'test' });
    await d.resolve('sendTest', { sentTo: 'ngozi@example.ng' });
    expect(d.context().formError).toBeNull();
    d.send({ type: 'send' });
    await d.resolve('send', { ...sent, audience: 'date', recipients: 1 });
    expect(d.records.notify).toEqual([
      { tone: 'success', text: 'Test sent to ngozi@example.ng' },
      { tone: 'success', text: 'Sending to 1 guest' },
    ]);
    expect(d.context().data).toBeNull();
    d.actor.stop();
  });
});
