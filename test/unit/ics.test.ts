import { describe, expect, it } from 'vitest';
import type { Event } from '../../contract/events';
import {
  calendarFileName,
  calendarLocation,
  eventToIcs,
  lagosToUtcMs,
} from '../../server/modules/events/calendar';

const base: Event = {
  _id: '0b6f2f5e-7a3c-4d1e-9a8b-1c2d3e4f5a6b',
  userId: '1b6f2f5e-7a3c-4d1e-9a8b-1c2d3e4f5a6b',
  eventName: 'New Year’s Eve Countdown',
  category: 'Music',
  description: 'Fireworks, a live band and the countdown on the beach.',
  startDate: '2026-12-31',
  endDate: '2027-01-01',
  startTime: '22:00',
  endTime: '00:30',
  eventLocation: 'both',
  url: 'https://live.example/nye',
  country: 'Nigeria',
  state: 'Lagos',
  location: 'Landmark Beach, Oniru, Lagos',
  image: null,
  imageFocus: '50% 50%',
  status: 'published',
  socials: { website: null, twitter: null, instagram: null, whatsapp: null, facebook: null, telegram: null },
  organiser: {
    _id: '1b6f2f5e-7a3c-4d1e-9a8b-1c2d3e4f5a6b',
    firstName: 'Ada',
    lastName: 'Okafor',
    username: 'ada',
  },
  priceFrom: 0,
  priceTo: 0,
  capacity: null,
  salesPaused: false,
  feeMode: 'buyer',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

describe('calendar helpers', () => {
  it('converts Lagos wall-clock (UTC+1, no DST) to UTC, across midnight and year end', () => {
    expect(new Date(lagosToUtcMs('2026-06-15', '18:00')).toISOString()).toBe('2026-06-15T17:00:00.000Z');
    expect(new Date(lagosToUtcMs('2027-01-01', '00:30')).toISOString()).toBe('2026-12-31T23:30:00.000Z');
    expect(new Date(lagosToUtcMs('2026-03-29', '00:00:00')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(() => lagosToUtcMs('2026-02-31x', '10:00')).toThrow(RangeError);
  });

  it('names the file after the event, safely', () => {
    expect(calendarFileName('Jollof & Suya Food Festival')).toBe('jollof-suya-food-festival.ics');
    expect(calendarFileName('Café Olúwa: "Night" / Live')).toBe('cafe-oluwa-night-live.ics');
    expect(calendarFileName('!!!')).toBe('event.ics');
    expect(calendarFileName('a'.repeat(100))).toBe(`${'a'.repeat(60)}.ics`);
  });

  it('puts the address and/or the online link in LOCATION', () => {
    expect(calendarLocation(base)).toBe('Landmark Beach, Oniru, Lagos · https://live.example/nye');
    expect(calendarLocation({ ...base, eventLocation: 'physical' })).toBe('Landmark Beach, Oniru, Lagos');
    expect(calendarLocation({ ...base, eventLocation: 'online' })).toBe('https://live.example/nye');
    expect(calendarLocation({ ...base, eventLocation: 'online', url: null })).toBeUndefined();
  });

  it('builds a VEVENT in UTC with the page URL, a stable UID and escaped text', () => {
    const ics = unfold(eventToIcs(base, 'https://gatepass.ng'));
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART:20261231T210000Z');
    expect(ics).toContain('DTEND:20261231T233000Z');
    expect(ics).toContain('SUMMARY:New Year’s Eve Countdown');
    expect(ics).toContain('LOCATION:Landmark Beach\\, Oniru\\, Lagos · https://live.example/nye');
    expect(ics).toContain(`URL:https://gatepass.ng/event-details/${base._id}`);
    expect(ics).toContain(`UID:${base._id}@gatepass`);
    expect(ics).toContain(`Tickets and details: https://gatepass.ng/event-details/${base._id}`);
    expect(ics).toContain('Organised by Ada Okafor');
    expect(ics).not.toContain('ORGANIZER');
  });

  it('never writes an event that ends before it starts', () => {
    const ics = unfold(
      eventToIcs({ ...base, endDate: '2026-12-31', endTime: '21:00' }, 'https://gatepass.ng'),
    );
    expect(ics).toContain('DTSTART:20261231T210000Z');
    expect(ics).toContain('DTEND:20261231T220000Z');
  });
});
