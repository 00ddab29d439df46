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

type Values = ReturnType<typeof valuesFromEvent>;
type Ev = { type: string; name?: string; value?: unknown; output?: typeof renamed; error?: unknown };
type Tab = {
  state: string;
  event: typeof withSocials;
  values: Values;
  errors: object;
  submitted: boolean;
  formError: string | null;
};

/**
 * What the Details tab must do, from its description (Save really saves; Cancel puts back the saved
 * values), not from the machine; the field rules are the wizard's step 1 (lib/eventDetailsForm).
 */
function nextTab(t: Tab, e: Ev, notices: string[]): Tab {
  const server = (e.error as { serverMessage?: string | null } | undefined)?.serverMessage;
  switch (`${t.state} ${e.type}`) {
    case 'editing field.change': {
      const values = { ...t.values, [e.name as string]: e.value } as Values;
      return { ...t, values, errors: t.submitted ? eventDetailsErrors(values) : t.errors };
    }
    case 'editing form.cancel':
      return { ...t, values: valuesFromEvent(t.event), errors: {}, submitted: false, formError: null };
    case 'editing form.submit': {
      const errors = eventDetailsErrors(t.values);
      return Object.keys(errors).length > 0
        ? { ...t, errors, submitted: true, formError: null }
        : { ...t, state: 'saving', errors: {}, formError: null };
    }
    case 'saving xstate.done.actor.saveEvent':
      // The form shows what the server saved.
      notices.push('Event details saved');
      return {
        ...t,
        state: 'editing',
        event: e.output ?? t.event,
        values: valuesFromEvent(e.output ?? t.event),
        submitted: false,
      };
    case 'saving xstate.error.actor.saveEvent':
      return { ...t, state: 'editing', formError: server ?? 'Failed to save the event.' };
    default:
      return t;
  }
}

describe('event details edit paths', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const notices: string[] = [];
    let refreshes = 0;
    const expectedNotices: string[] = [];
    let tab: Tab = {
      state: 'editing',
      event: withSocials,
      values: valuesFromEvent(withSocials),
      errors: {},
      submitted: false,
      formError: null,
    };
    let step = 0;
    await runPath(path, {
      machine: eventDetailsEditMachine.provide({
        actions: {
          // A success is said as such; anything else would show its tone.
          notify: (_, n) => void notices.push(n.tone === 'success' ? n.text : `${n.tone}: ${n.text}`),
          refresh: () => void refreshes++,
        },
      }),
      input,
      actorNames: ['saveEvent'],
      view: key,
      check: (real, _m, calls) => {
        const c = real.context;
        const e = path.steps[step++]?.event as Ev;
        if (e.type !== 'xstate.init') tab = nextTab(tab, e, expectedNotices);
        const { state, ...context } = tab;
        expect(real.value).toBe(state);
        expect(c).toEqual(context);
        expect(notices).toEqual(expectedNotices);
        expect(refreshes).toBe(expectedNotices.length);
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
