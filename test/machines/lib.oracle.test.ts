import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Event } from '../../contract/events';
import {
  detailsRequest,
  emptyEventDetails,
  eventDetailsErrors,
  locationKindOf,
  valuesFromEvent,
} from '../../machines/lib/eventDetailsForm';
import {
  editField,
  exportFailure,
  hasErrors,
  refusedSubmit,
  statusOf,
  toggled,
  validate,
} from '../../machines/lib/form';
import { messageOr, serverMessage } from '../../machines/lib/serverMessage';
import { draftEvent } from './organiserFixtures';

// The helpers every form machine shares (machines/lib), each rule written here from its description,
// not read off the code: a mutant of machines/lib is otherwise only seen through the flows that
// happen to use the mutated branch (decision 054).

/** A schema that reports the issues given, in order, whatever it is asked. */
const reporting = (issues: { path: PropertyKey[]; message: string }[]) => ({
  safeParse: () =>
    issues.length === 0 ? { success: true as const } : { success: false as const, error: { issues } },
});
const person = z.object({
  name: z.string().check(z.minLength(1, 'Name is required')),
  age: z.number({ error: 'Age must be a number' }),
});

describe('form helpers (machines/lib/form.ts)', () => {
  it('validate: nothing when the schema accepts; else the first message per field, "form" for the whole', () => {
    expect(validate(reporting([]), {})).toEqual({});
    expect(
      validate(
        reporting([
          { path: ['name', 0], message: 'first for name' },
          { path: ['name'], message: 'second for name' },
          { path: [], message: 'about the whole form' },
          { path: ['age'], message: 'for age' },
          { path: [], message: 'second about the form' },
        ]),
        {},
      ),
    ).toEqual({ name: 'first for name', form: 'about the whole form', age: 'for age' });
    expect(validate(person, { name: '', age: 'x' })).toEqual({
      name: 'Name is required',
      age: 'Age must be a number',
    });
    expect(validate(person, { name: 'Ada', age: 30 })).toEqual({});
  });

  it('hasErrors: only an empty record has none', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ name: 'Name is required' })).toBe(true);
  });

  it('toggled: adds an id that is not there, takes out one that is, leaves the others in order', () => {
    expect(toggled([], 'a')).toEqual(['a']);
    expect(toggled(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggled(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
    const ids = ['a'];
    toggled(ids, 'b');
    expect(ids).toEqual(['a']);
  });

  it('statusOf: the numeric status of an HTTP failure, 0 for anything else', () => {
    expect(statusOf({ status: 404, serverMessage: 'Not found' })).toBe(404);
    expect(statusOf({ status: 0 })).toBe(0);
    expect(statusOf({ status: '404' })).toBe(0);
    expect(statusOf({})).toBe(0);
    expect(statusOf(null)).toBe(0);
    expect(statusOf(undefined)).toBe(0);
    expect(statusOf(404)).toBe(0);
    expect(statusOf(new TypeError('Failed to fetch'))).toBe(0);
  });

  it('editField: the new value; errors untouched before the first submit, re-checked after', () => {
    const kept = { name: 'an old message' };
    expect(
      editField(person, { values: { name: 'Ada', age: 1 }, errors: kept, submitted: false }, 'name', ''),
    ).toEqual({
      values: { name: '', age: 1 },
      errors: kept,
    });
    expect(
      editField(person, { values: { name: 'Ada', age: 1 }, errors: {}, submitted: true }, 'name', ''),
    ).toEqual({
      values: { name: '', age: 1 },
      errors: { name: 'Name is required' },
    });
    expect(
      editField(
        person,
        { values: { name: '', age: 1 }, errors: { name: 'Name is required' }, submitted: true },
        'name',
        'Ada',
      ),
    ).toEqual({ values: { name: 'Ada', age: 1 }, errors: {} });
  });

  it('refusedSubmit: the errors show, the last failure goes, and every edit is checked from now on', () => {
    expect(refusedSubmit(person, { name: '', age: 2 })).toEqual({
      errors: { name: 'Name is required' },
      formError: null,
      submitted: true,
    });
  });

  it("exportFailure: the server's words, else the failure's own, else a plain request", () => {
    expect(exportFailure({ status: 403, serverMessage: 'Not your event.' })).toBe(
      'Export failed: Not your event.',
    );
    expect(exportFailure(new TypeError('Failed to fetch'))).toBe('Export failed: Failed to fetch');
    expect(exportFailure({ status: 500, serverMessage: null })).toBe('Export failed: please try again.');
    expect(exportFailure('boom')).toBe('Export failed: please try again.');
  });
});

describe("the server's words (machines/lib/serverMessage.ts)", () => {
  it('serverMessage: a non-empty string the failure carried, else null', () => {
    expect(serverMessage({ status: 400, serverMessage: 'Name is required' })).toBe('Name is required');
    expect(serverMessage({ status: 400, serverMessage: '' })).toBeNull();
    expect(serverMessage({ status: 400, serverMessage: null })).toBeNull();
    expect(serverMessage({ serverMessage: 42 })).toBeNull();
    expect(serverMessage({ status: 500 })).toBeNull();
    expect(serverMessage(null)).toBeNull();
    expect(serverMessage('Name is required')).toBeNull();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeNull();
  });

  it("messageOr: the server's words first, the caller's own otherwise", () => {
    expect(messageOr({ serverMessage: 'Sold out' }, 'Try again')).toBe('Sold out');
    expect(messageOr({ serverMessage: '' }, 'Try again')).toBe('Try again');
    expect(messageOr(new TypeError('Failed to fetch'), 'Try again')).toBe('Try again');
  });
});

describe('the event details form (machines/lib/eventDetailsForm.ts)', () => {
  const filled = {
    eventName: 'Lagos Jazz Night',
    category: 'Music',
    description: 'An evening of live jazz on the island.',
    startDate: '2027-03-06',
    endDate: '2027-03-06',
    startTime: '18:00',
    endTime: '23:00',
    physical: true,
    online: false,
    country: 'Nigeria',
    state: 'Lagos',
    location: '12 Awolowo Road, Ikoyi',
    url: 'https://jazz.ng/live',
  };

  it('starts blank, in Nigeria, with neither box ticked', () =>
    expect(emptyEventDetails).toEqual({
      eventName: '',
      category: '',
      description: '',
      startDate: '',
      endDate: '',
      startTime: '',
      endTime: '',
      physical: false,
      online: false,
      country: 'Nigeria',
      state: '',
      location: '',
      url: '',
    }));

  it('reads the two boxes as none, physical, online or both', () => {
    expect(locationKindOf({ physical: false, online: false })).toBe('none');
    expect(locationKindOf({ physical: true, online: false })).toBe('physical');
    expect(locationKindOf({ physical: false, online: true })).toBe('online');
    expect(locationKindOf({ physical: true, online: true })).toBe('both');
  });

  it('fills the form from a saved event, blanks for what it does not have', () => {
    const physical = draftEvent as unknown as Event;
    expect(valuesFromEvent(physical)).toEqual({ ...filled, url: '' });
    expect(
      valuesFromEvent({
        ...physical,
        eventLocation: 'online',
        url: 'https://jazz.ng/live',
        country: null,
        state: null,
        location: null,
      } as Event),
    ).toEqual({ ...filled, physical: false, online: true, country: 'Nigeria', state: '', location: '' });
    expect(
      valuesFromEvent({
        ...physical,
        eventLocation: 'both',
        url: 'https://jazz.ng/live',
        country: 'Ghana',
      } as Event),
    ).toEqual({ ...filled, online: true, country: 'Ghana' });
  });

  it("says what is wrong in the contract's words, one per field", () => {
    expect(eventDetailsErrors(filled)).toEqual({});
    const none = eventDetailsErrors({ ...filled, physical: false });
    expect(Object.keys(none)).toEqual(['eventLocation']);
    expect(none.eventLocation).toBe('Choose where the event happens: Physical, Online or both');
    expect(Object.keys(eventDetailsErrors({ ...filled, eventName: '' }))).toEqual(['eventName']);
    // An address is only asked of a physical event, a link only of an online one.
    expect(eventDetailsErrors({ ...filled, physical: false, online: true, location: '', state: '' })).toEqual(
      {},
    );
    expect(
      Object.keys(eventDetailsErrors({ ...filled, physical: false, online: true, url: 'not a link' })),
    ).toEqual(['url']);
  });

  it('sends only the chosen kind of place, and the socials when given', () => {
    const place = { country: 'Nigeria', state: 'Lagos', location: '12 Awolowo Road, Ikoyi' };
    const common = {
      eventName: 'Lagos Jazz Night',
      category: 'Music',
      description: 'An evening of live jazz on the island.',
      startDate: '2027-03-06',
      endDate: '2027-03-06',
      startTime: '18:00',
      endTime: '23:00',
    };
    expect(detailsRequest(filled)).toEqual({ ...common, eventLocation: 'physical', ...place, url: null });
    expect(detailsRequest({ ...filled, physical: false, online: true })).toEqual({
      ...common,
      eventLocation: 'online',
      country: null,
      state: null,
      location: null,
      url: 'https://jazz.ng/live',
    });
    expect(detailsRequest({ ...filled, online: true })).toEqual({
      ...common,
      eventLocation: 'both',
      ...place,
      url: 'https://jazz.ng/live',
    });
    const socials = {
      website: 'https://jazz.ng',
      twitter: null,
      instagram: null,
      whatsapp: null,
      facebook: null,
      telegram: null,
    };
    expect(detailsRequest(filled, socials)).toEqual({
      ...common,
      eventLocation: 'physical',
      ...place,
      url: null,
      socials,
    });
    expect(() => detailsRequest({ ...filled, physical: false })).toThrow();
  });
});
