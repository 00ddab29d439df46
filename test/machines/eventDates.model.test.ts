import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { OrganiserDatesResponse } from '../../contract/eventDates';
import { dateBody, emptyDate, eventDatesMachine } from '../../machines/eventDates.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

const eventId = '8e000000-0000-4000-8000-000000000001';
const night = (n: number, day: string) => ({
  _id: `8e000000-0000-4000-8000-00000000001${n}`,
  date: day,
  startTime: '20:00',
  endTime: '23:30',
  label: `Night ${n}`,
  endsAt: `${day}T22:30:00.000Z`,
  sold: 0,
  ticketTypes: [],
});
const one: OrganiserDatesResponse = { dates: [night(1, '2031-03-14')], undatedTypes: 1 };
const two: OrganiserDatesResponse = {
  dates: [night(1, '2031-03-14'), night(2, '2031-03-15')],
  undatedTypes: 1,
};
const copied: OrganiserDatesResponse = { ...two, undatedTypes: 0, message: '2 ticket types added.' };

type Snap = SnapshotFrom<typeof eventDatesMachine>;

const events = [
  { type: 'xstate.done.actor.load', output: one },
  { type: 'xstate.error.actor.load', error: networkError() },
  { type: 'retry' },
  { type: 'field.change', name: 'date', value: '2031-03-15' },
  { type: 'field.change', name: 'startTime', value: '20:00' },
  { type: 'field.change', name: 'endTime', value: '23:30' },
  { type: 'field.change', name: 'repeatWeeks', value: '99' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.add', output: two },
  {
    type: 'xstate.error.actor.add',
    error: httpError(409, 'This event already has a date on that day at that time.'),
  },
  { type: 'date.remove', dateId: night(1, '')._id },
  { type: 'xstate.done.actor.remove', output: one },
  {
    type: 'xstate.error.actor.remove',
    error: httpError(409, 'This date has sales, so it cannot be removed. Refund or cancel its orders first.'),
  },
  { type: 'tickets.copy' },
  { type: 'xstate.done.actor.copy', output: copied },
  { type: 'xstate.error.actor.copy', error: networkError() },
];

const key = (s: Snap) => {
  const c = s.context;
  const v = c.values;
  return [
    c.list.dates.length,
    c.list.undatedTypes,
    // Whether the form is complete, and the weeks asked (the only value with its own refusal).
    Boolean(v.date && v.startTime && v.endTime),
    v.repeatWeeks,
    Object.keys(c.errors),
    c.submitted,
    c.formError,
    c.removingId,
  ];
};
const input = { eventId };
const paths = flowModel(eventDatesMachine, { events, key, input }).getShortestPaths();

beforeEach(() => {
  vi.useFakeTimers();
});

describe('event dates editor paths', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let changed = 0;
    await runFlowPath(path, {
      machine: eventDatesMachine.provide({ actions: { ticketsChanged: () => void changed++ } }),
      input,
      actorNames: ['load', 'add', 'remove', 'copy'],
      view: key,
      check: ({ index, event, real, before, calls, notices, entered }) => {
        const c = real.context;
        expect(calls.load?.at(-1)).toEqual(input);
        // One call per entry into its state: a second click while it runs starts nothing.
        expect(calls.add?.length ?? 0).toBe(entered({ ready: 'adding' }));
        expect(calls.remove?.length ?? 0).toBe(entered({ ready: 'removing' }));
        expect(calls.copy?.length ?? 0).toBe(entered({ ready: 'copying' }));
        if (real.matches({ ready: 'adding' }) && !before?.matches({ ready: 'adding' })) {
          expect(c.errors).toEqual({});
          expect(calls.add?.at(-1)).toEqual({ eventId, body: dateBody(c.values) });
        }
        if (real.matches({ ready: 'removing' }) && !before?.matches({ ready: 'removing' }))
          expect(calls.remove?.at(-1)).toEqual({ eventId, dateId: c.removingId });
        // Every change the server made tells the page its ticket list is stale.
        const done = path.steps
          .slice(0, index + 1)
          .filter((s) => /^xstate\.done\.actor\.(add|remove|copy)$/.test(s.event.type)).length;
        expect(changed).toBe(done);
        if (event.type === 'xstate.done.actor.add') {
          expect(notices.at(-1)).toBe('success: Dates added');
          expect(c.values).toEqual({ ...emptyDate, startTime: '20:00', endTime: '23:30' });
          expect(c.list).toEqual(two);
        }
        if (event.type === 'xstate.error.actor.add') {
          expect(c.formError).toBe('This event already has a date on that day at that time.');
          expect(c.values).toEqual(before?.context.values);
        }
        if (event.type === 'xstate.error.actor.remove') {
          expect(c.formError).toMatch(/has sales/);
          expect(c.list).toEqual(before?.context.list);
        }
        if (event.type === 'xstate.done.actor.copy')
          expect(notices.at(-1)).toBe('success: 2 ticket types added.');
        if (event.type === 'xstate.error.actor.copy')
          expect(c.formError).toBe('The ticket types were not copied.');
        if (real.matches('failed')) expect(c.formError).toBe('Dates could not be loaded.');
        // The contract's words for a refused form.
        if (c.submitted && c.values.repeatWeeks === '99')
          expect(c.errors.repeatWeeks).toBe('Weeks can be at most 52');
      },
    });
  });
});

describe('event dates editor coverage and body', () => {
  it('covers every state and transition', () => expectFullCoverage(eventDatesMachine, paths));

  it('sends weeks as a number and leaves an empty label out', () => {
    expect(
      dateBody({ date: '2031-03-15', startTime: '20:00', endTime: '23:30', label: ' ', repeatWeeks: '' }),
    ).toEqual({
      date: '2031-03-15',
      startTime: '20:00',
      endTime: '23:30',
      repeatWeeks: 1,
    });
    expect(dateBody({ ...emptyDate, label: 'Night 2', repeatWeeks: '4' })).toMatchObject({
      label: 'Night 2',
      repeatWeeks: 4,
    });
  });
});
