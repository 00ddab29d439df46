import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { eventDetailsEditMachine } from '../../machines/eventDetailsEdit.machine';
import { detailsRequest, eventDetailsErrors, valuesFromEvent } from '../../machines/lib/eventDetailsForm';
import { expectFullCoverage, flowModel, httpError, networkError, runPath } from '../helpers/machineModel';
import { draftEvent } from './organiserFixtures';

const withSocials = { ...draftEvent, socials: { ...draftEvent.socials, website: 'https://jazz.ng' } };
const renamed = { ...withSocials, eventName: 'Lagos Jazz Night II' };

const events = [
  { type: 'field.change', name: 'eventName', value: '' },
  { type: 'field.change', name: 'eventName', value: 'Lagos Jazz Night II' },
  { type: 'form.submit' },
  { type: 'form.cancel' },
  { type: 'xstate.done.actor.saveEvent', output: renamed },
  { type: 'xstate.error.actor.saveEvent', error: httpError(400, 'The event must end after it starts') },
  { type: 'xstate.error.actor.saveEvent', error: networkError() },
];

type Snap = SnapshotFrom<typeof eventDetailsEditMachine>;
const key = (s: Snap) => {
  const c = s.context;
  return [c.event.eventName, c.values.eventName, Object.keys(c.errors), c.submitted, c.formError];
};

const input = { event: withSocials };
const paths = flowModel(eventDetailsEditMachine, { events, key, input }).getShortestPaths();

beforeEach(() => {
  vi.useFakeTimers();
});

describe('event details edit paths', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const notices: string[] = [];
    let refreshes = 0;
    await runPath(path, {
      machine: eventDetailsEditMachine.provide({
        actions: {
          notify: (_, n) => void notices.push(n.text),
          refresh: () => void refreshes++,
        },
      }),
      input,
      actorNames: ['saveEvent'],
      view: key,
      check: (real, _m, calls) => {
        const c = real.context;
        if (real.matches('saving')) {
          // Only valid values are sent, to the edited event, keeping its social links.
          expect(eventDetailsErrors(c.values)).toEqual({});
          expect(calls.saveEvent?.at(-1)).toEqual({
            eventId: draftEvent._id,
            body: detailsRequest(c.values, withSocials.socials),
          });
          expect(calls.saveEvent?.at(-1)).toMatchObject({
            body: { socials: expect.objectContaining({ website: 'https://jazz.ng' }) },
          });
        }
        // A refused submit shows the field's message and starts no call.
        if (c.submitted && c.values.eventName === '' && real.matches('editing'))
          expect(c.errors.eventName).toBeTruthy();
        expect(notices).toEqual(Array(refreshes).fill('Event details saved'));
        // After a save the form shows what the server answered.
        if (refreshes > 0 && real.matches('editing') && !c.submitted && c.formError === null)
          expect(c.event).toEqual(renamed);
      },
    });
  });
});

describe('event details edit coverage and rules', () => {
  it('covers every state and transition', () => expectFullCoverage(eventDetailsEditMachine, paths));

  it('cancel puts back the saved values and clears the errors', () => {
    const actor = createActor(eventDetailsEditMachine, { input }).start();
    actor.send({ type: 'field.change', name: 'eventName', value: '' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors.eventName).toBeTruthy();
    actor.send({ type: 'form.cancel' });
    expect(actor.getSnapshot().context).toMatchObject({
      values: valuesFromEvent(withSocials),
      errors: {},
      submitted: false,
    });
  });
});
