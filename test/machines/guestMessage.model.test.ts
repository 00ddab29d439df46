import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { GuestMessageSummary, GuestMessagesResponse } from '../../contract/guestMessages';
import { guestMessageMachine } from '../../machines/guestMessage.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

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
    await runFlowPath(path, {
      machine: guestMessageMachine,
      input,
      actorNames: ['load', 'reload', 'preview', 'sendTest', 'send'],
      view: key,
      check: ({ event, real, before, calls, entered }) => {
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
          expect(real.context.formError).toBe(TOO_MANY);
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
