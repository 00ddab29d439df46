import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { eventManagementMachine } from '../../machines/eventManagement.machine';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  manualActor,
  networkError,
  runPath,
} from '../helpers/machineModel';
import { draftEvent } from './organiserFixtures';

const published = { ...draftEvent, status: 'published' as const };
const paused = { ...published, salesPaused: true };
const copy = {
  ...draftEvent,
  _id: '6f1c2d3e-4a5b-4c6d-8e7f-000000000002',
  eventName: 'Lagos Jazz Night (copy)',
};
const withMessage = { ...draftEvent, ticketEmailMessage: 'Doors open at 6pm.' };

/** The page's actions are independent regions, so each is walked on its own events. */
const regions = {
  publishing: [
    { type: 'publish.set', publish: true },
    { type: 'publish.set', publish: false },
    { type: 'xstate.done.actor.setPublished', output: published },
    { type: 'xstate.done.actor.setPublished', output: draftEvent },
    { type: 'xstate.error.actor.setPublished', error: httpError(409, 'Add at least one ticket type first') },
  ],
  duplicating: [
    { type: 'duplicate' },
    { type: 'xstate.done.actor.duplicate', output: copy },
    { type: 'xstate.error.actor.duplicate', error: networkError() },
  ],
  sales: [
    { type: 'sales.set', live: false },
    { type: 'sales.set', live: true },
    { type: 'xstate.done.actor.setSalesLive', output: paused },
    { type: 'xstate.done.actor.setSalesLive', output: published },
    { type: 'xstate.error.actor.setSalesLive', error: httpError(409, 'Publish the event first') },
  ],
  emailMessage: [
    { type: 'emailMessage.change', value: 'Doors open at 6pm.' },
    { type: 'emailMessage.save' },
    { type: 'xstate.done.actor.saveEmailMessage', output: withMessage },
    { type: 'xstate.error.actor.saveEmailMessage', error: networkError() },
  ],
  testEmail: [
    { type: 'testEmail.change', value: '  ada@example.ng ' },
    { type: 'testEmail.send' },
    { type: 'xstate.done.actor.sendTestEmail', output: { message: 'Test e-mail sent to ada@example.ng' } },
    { type: 'xstate.error.actor.sendTestEmail', error: httpError(400, 'Enter a valid e-mail address') },
  ],
};

type Snap = SnapshotFrom<typeof eventManagementMachine>;
const key = (s: Snap) => {
  const c = s.context;
  return [c.event.status, c.event.salesPaused, c.event.ticketEmailMessage, c.emailMessage, c.testEmail];
};
const input = { event: draftEvent };
const actorNames = ['setPublished', 'duplicate', 'setSalesLive', 'saveEmailMessage', 'sendTestEmail'];

const modelPaths = Object.entries(regions).map(
  ([name, events]) =>
    [name, flowModel(eventManagementMachine, { events, key, input }).getShortestPaths()] as const,
);

beforeEach(() => {
  vi.useFakeTimers();
});

describe.each(modelPaths)('event management paths: %s', (_, paths) => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const notices: string[] = [];
    const opened: string[] = [];
    let refreshes = 0;
    const steps = path.steps.map((s) => s.event as { type: string; publish?: boolean; live?: boolean });
    let i = 0;
    await runPath(path, {
      machine: eventManagementMachine.provide({
        actions: {
          notify: (_, n) => void notices.push(`${n.tone}: ${n.text}`),
          refresh: () => void refreshes++,
          openCopy: (_, p) => void opened.push(p.eventId),
        },
      }),
      input,
      actorNames,
      view: key,
      check: (real, _m, calls) => {
        const event = steps[i++] as
          | { type: string; value?: string; publish?: boolean; live?: boolean }
          | undefined;
        const c = real.context;
        // What is typed is what the tab holds (and sends), from an empty test address.
        if (event?.type === 'xstate.init') expect(c.testEmail).toBe('');
        if (event?.type === 'emailMessage.change') expect(c.emailMessage).toBe(event.value);
        if (event?.type === 'testEmail.change') expect(c.testEmail).toBe(event.value);
        // Each call goes out with what was asked, for this event.
        if (event?.type === 'publish.set')
          expect(calls.setPublished?.at(-1)).toEqual({ eventId: draftEvent._id, publish: event.publish });
        if (event?.type === 'sales.set')
          expect(calls.setSalesLive?.at(-1)).toEqual({ eventId: draftEvent._id, live: event.live });
        if (event?.type === 'duplicate') expect(calls.duplicate?.at(-1)).toEqual({ eventId: draftEvent._id });
        if (event?.type === 'emailMessage.save')
          expect(calls.saveEmailMessage?.at(-1)).toEqual({
            eventId: draftEvent._id,
            message: c.emailMessage,
          });
        if (event?.type === 'testEmail.send')
          expect(calls.sendTestEmail?.at(-1)).toEqual({ eventId: draftEvent._id, email: c.testEmail.trim() });
        // What each outcome tells the organiser.
        const last = notices.at(-1);
        if (event?.type === 'xstate.done.actor.setPublished')
          expect(last).toBe(
            c.event.status === 'published'
              ? 'success: Your event is published'
              : 'success: Your event is a draft again',
          );
        if (event?.type === 'xstate.done.actor.setSalesLive')
          expect(last).toBe(
            c.event.salesPaused ? 'success: Ticket sales paused' : 'success: Ticket sales are live',
          );
        if (event?.type === 'xstate.error.actor.setPublished')
          expect(last).toBe('error: Add at least one ticket type first');
        if (event?.type === 'xstate.error.actor.setSalesLive')
          expect(last).toBe('error: Publish the event first');
        if (event?.type === 'xstate.done.actor.duplicate') {
          expect(last).toBe(
            'success: Event duplicated with hidden types, access codes, questions and team; not copied: sales, sales windows, discount codes, extra dates. Set the new dates',
          );
          expect(opened).toEqual([copy._id]);
        }
        if (event?.type === 'xstate.error.actor.duplicate')
          expect(last).toBe('error: Could not duplicate the event: Please try again.');
        if (event?.type === 'xstate.done.actor.saveEmailMessage') {
          expect(last).toBe('success: Ticket e-mail message saved');
          expect(c.emailMessage).toBe('Doors open at 6pm.');
        }
        if (event?.type === 'xstate.error.actor.saveEmailMessage')
          expect(last).toBe('error: Please try again.');
        if (event?.type === 'xstate.done.actor.sendTestEmail')
          expect(last).toBe('success: Test e-mail sent to ada@example.ng');
        if (event?.type === 'xstate.error.actor.sendTestEmail')
          expect(last).toBe('error: Enter a valid e-mail address');
        // Every finished call says one thing, and nothing else does.
        const settled = steps.slice(0, i).filter((e) => /^xstate\.(done|error)\.actor\./.test(e.type)).length;
        expect(notices).toHaveLength(settled);
        // The page reloads after publishing or pausing changed, and never for a copy or an e-mail.
        const changed = steps
          .slice(0, i)
          .filter((e) => /^xstate\.done\.actor\.(setPublished|setSalesLive)$/.test(e.type)).length;
        expect(refreshes).toBe(changed);
      },
    });
  });
});

describe('event management coverage and rules', () => {
  it('covers every state and transition', () =>
    expectFullCoverage(
      eventManagementMachine,
      modelPaths.flatMap(([, paths]) => paths),
    ));

  it('runs the regions side by side, and a second click while busy makes no second call', async () => {
    const setPublished = manualActor<unknown, unknown>();
    const duplicate = manualActor<unknown, unknown>();
    const actor = createActor(
      eventManagementMachine.provide({
        actors: { setPublished: setPublished.actor, duplicate: duplicate.actor } as never,
      }),
      { input },
    ).start();
    actor.send({ type: 'publish.set', publish: true });
    actor.send({ type: 'duplicate' });
    actor.send({ type: 'publish.set', publish: false });
    expect(actor.getSnapshot().value).toMatchObject({
      publishing: 'busy',
      duplicating: 'busy',
      sales: 'idle',
    });
    expect(setPublished.calls).toEqual([{ eventId: draftEvent._id, publish: true }]);
    expect(duplicate.calls).toHaveLength(1);
    setPublished.resolve(published);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toMatchObject({ publishing: 'idle', duplicating: 'busy' });
    expect(actor.getSnapshot().context.event.status).toBe('published');
    actor.stop();
  });
});
