import { describe, expect, it } from 'vitest';
import { type CheckinCounts, countsForDate } from '../../contract/checkin';
import { DOOR_MESSAGES } from '../../contract/doorVerdict';
import { offlineSearchHint } from '../../contract/guestSearch';
import { resultHeadline } from '../../src/checkin/resultText';

/** What the door's screens say (decision 049, "Door screens"): headlines, counts per date, search hints. */
describe('door screen text', () => {
  it('headlines a replaced code as replaced, and an offline cancellation by every reason it may be', () => {
    expect(resultHeadline('cancelled', DOOR_MESSAGES.reissued).title).toBe('Replaced by a newer ticket');
    expect(resultHeadline('cancelled', 'Order GP-1 was refunded. Do not admit.').title).toBe(
      'Cancelled or refunded',
    );
    expect(resultHeadline('cancelled', DOOR_MESSAGES.cancelledOrRefunded).title).toBe(
      'Cancelled, refunded or replaced',
    );
    expect(resultHeadline('checked_in', DOOR_MESSAGES.admitted)).toEqual({
      title: 'Valid: let them in',
      tone: 'good',
    });
  });

  it('counts only the admitting date’s types (and undated ones) at a door on one date', () => {
    const [night1, night2] = ['5e000000-0000-4000-8000-000000000001', '5e000000-0000-4000-8000-000000000002'];
    const counts: CheckinCounts = {
      checkedIn: 9,
      total: 30,
      perType: [
        {
          ticketTypeId: '5e000000-0000-4000-8000-00000000000a',
          ticketName: 'Regular · Night 1',
          checkedIn: 5,
          total: 10,
          eventDateId: night1,
        },
        {
          ticketTypeId: '5e000000-0000-4000-8000-00000000000b',
          ticketName: 'Regular · Night 2',
          checkedIn: 3,
          total: 10,
          eventDateId: night2,
        },
        {
          ticketTypeId: '5e000000-0000-4000-8000-00000000000c',
          ticketName: 'Season pass',
          checkedIn: 1,
          total: 10,
        },
      ],
      perGate: [{ gate: 'Gate A', checkedIn: 9 }],
    };
    const door = countsForDate(counts, night2);
    expect(door.perType.map((t) => t.ticketName)).toEqual(['Regular · Night 2', 'Season pass']);
    expect([door.checkedIn, door.total]).toEqual([4, 20]);
    expect(countsForDate(counts, null)).toBe(counts);
  });

  it('tells staff to type the whole value when part of one cannot match the hashed list', () => {
    const reference = 'Type the whole reference (10 characters) to find it offline; names match in part.';
    expect(offlineSearchHint('K7QM3')).toBe(reference);
    expect(offlineSearchHint('kqmxp')).toBe(reference);
    expect(offlineSearchHint('ada@exa')).toBe('Type the whole email address to find it offline.');
    expect(offlineSearchHint('0803 12')).toBe('Type the whole phone number to find it offline.');
    expect(offlineSearchHint('GP-7A2')).toBe('Type the whole order number to find it offline.');
    expect(offlineSearchHint('K7QM3-XPA9W')).toBeNull();
    expect(offlineSearchHint('ada obi')).toBeNull();
  });
});
