import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { addDatesRequest, type OrganiserDatesResponse } from '../../contract/eventDates';
import { dateBody, emptyDate, eventDatesMachine } from '../../machines/eventDates.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';
import { firstIssues } from '../helpers/tabOracle';

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
  // The server's words pass through the shared messageOr; its own words are this editor's.
  { type: 'xstate.error.actor.add', error: networkError() },
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

type Values = { date: string; startTime: string; endTime: string; label: string; repeatWeeks: string };
/** Decision 046's body: weeks a number (1 when empty), an empty label left out. */
const body = (v: Values) => ({
  date: v.date,
  startTime: v.startTime,
  endTime: v.endTime,
  ...(v.label.trim() ? { label: v.label } : {}),
  repeatWeeks: v.repeatWeeks.trim() === '' ? 1 : Number(v.repeatWeeks),
});

/**
 * The dates editor as decision 046 describes it, written apart from the machine: one call at a time;
 * the form quiet until its first submit; a date added keeps the times for the next one of a series;
 * every failure's words in the form's alert (the server's, else the editor's own).
 */
function datesOracle() {
  const blank: Values = { date: '', startTime: '', endTime: '', label: '', repeatWeeks: '1' };
  const o = {
    state: 'loading',
    context: {
      eventId,
      list: { dates: [], undatedTypes: 0 } as OrganiserDatesResponse,
      values: blank,
      errors: {} as Record<string, string>,
      submitted: false,
      formError: null as string | null,
      removingId: null as string | null,
    },
    notices: [] as string[],
  };
  const c = o.context;
  // biome-ignore lint/suspicious/noExplicitAny: the path's events
  const words = (e: any, own: string) => e.error?.serverMessage || own;
  // biome-ignore lint/suspicious/noExplicitAny: the path's events
  const apply = (e: any) => {
    const at = o.state;
    if (at === 'loading' && e.type === 'xstate.done.actor.load') {
      c.list = e.output;
      o.state = 'idle';
    } else if (at === 'loading' && e.type === 'xstate.error.actor.load') {
      c.formError = words(e, 'Dates could not be loaded.');
      o.state = 'failed';
    } else if (at === 'failed' && e.type === 'retry') {
      c.formError = null;
      o.state = 'loading';
    } else if (at === 'idle' && e.type === 'field.change') {
      c.values = { ...c.values, [e.name]: e.value };
      if (c.submitted) c.errors = firstIssues(addDatesRequest.safeParse(body(c.values)));
      c.formError = null;
    } else if (at === 'idle' && e.type === 'form.submit') {
      const errors = firstIssues(addDatesRequest.safeParse(body(c.values)));
      if (Object.keys(errors).length === 0) o.state = 'adding';
      else Object.assign(c, { errors, formError: null, submitted: true });
    } else if (at === 'idle' && e.type === 'date.remove') {
      Object.assign(c, { removingId: e.dateId, formError: null });
      o.state = 'removing';
    } else if (at === 'idle' && e.type === 'tickets.copy') {
      c.formError = null;
      o.state = 'copying';
    } else if (at === 'adding' && e.type === 'xstate.done.actor.add') {
      Object.assign(c, {
        list: e.output,
        values: { ...blank, startTime: c.values.startTime, endTime: c.values.endTime },
        errors: {},
        submitted: false,
      });
      o.notices.push('success: Dates added');
      o.state = 'idle';
    } else if (at === 'adding' && e.type === 'xstate.error.actor.add') {
      c.formError = words(e, 'The date was not added.');
      o.state = 'idle';
    } else if (at === 'removing' && e.type === 'xstate.done.actor.remove') {
      Object.assign(c, { list: e.output, removingId: null });
      o.notices.push('success: Date removed');
      o.state = 'idle';
    } else if (at === 'removing' && e.type === 'xstate.error.actor.remove') {
      Object.assign(c, { removingId: null, formError: words(e, 'The date was not removed.') });
      o.state = 'idle';
    } else if (at === 'copying' && e.type === 'xstate.done.actor.copy') {
      c.list = e.output;
      o.notices.push(`success: ${e.output.message ?? 'Ticket types copied'}`);
      o.state = 'idle';
    } else if (at === 'copying' && e.type === 'xstate.error.actor.copy') {
      c.formError = words(e, 'The ticket types were not copied.');
      o.state = 'idle';
    }
  };
  return { o, apply };
}

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
    const { o, apply } = datesOracle();
    const sent: Record<string, unknown[]> = { load: [], add: [], remove: [], copy: [] };
    await runFlowPath(path, {
      machine: eventDatesMachine.provide({ actions: { ticketsChanged: () => void changed++ } }),
      input,
      actorNames: ['load', 'add', 'remove', 'copy'],
      view: key,
      check: ({ index, event, real, before, calls, notices, entered }) => {
        const was = o.state;
        apply(event);
        const now = o.state;
        if (now !== was || event.type === 'xstate.init') {
          if (now === 'loading') sent.load!.push({ eventId });
          if (now === 'adding') sent.add!.push({ eventId, body: body(o.context.values) });
          if (now === 'removing') sent.remove!.push({ eventId, dateId: o.context.removingId });
          if (now === 'copying') sent.copy!.push({ eventId });
        }
        expect(real.matches((['loading', 'failed'].includes(now) ? now : { ready: now }) as never), now).toBe(
          true,
        );
        expect(real.context).toEqual(o.context);
        expect(notices).toEqual(o.notices);
        for (const name of ['load', 'add', 'remove', 'copy'])
          expect(calls[name] ?? [], name).toEqual(sent[name]);
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
          expect(c.values).toEqual(before?.context.values);
        }
        if (event.type === 'xstate.error.actor.remove') {
          expect(c.list).toEqual(before?.context.list);
        }
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
