import { describe, expect, it } from 'vitest';
import type { OfflineListResponse, OfflineTicket } from '../../contract/checkin';
import type { DoorVerdict } from '../../contract/doorVerdict';
import { tableDoorLine, tablesAndSeats, tableTitle } from '../../contract/tables';
import { tableGuestOnDevice, withTableOnDevice } from '../../src/checkin/offline/tables';

/** A door device with no network counting a table's guests (decision 067). */

const TYPE = '11111111-1111-4111-8111-111111111111';
const id = (table: number, seat: number) =>
  `2222222${table}-2222-4222-8222-${String(seat).padStart(12, '0')}`;

function guest(
  table: number,
  seat: number,
  size: number,
  oneCode: boolean,
  inAt: string | null = null,
): OfflineTicket {
  return {
    id: id(table, seat),
    lookup: [],
    attendeeName: `Guest ${seat + 1}`,
    ticketTypeId: TYPE,
    ticketName: 'Gold',
    orderSeats: size,
    status: 'valid',
    checkedInAt: inAt,
    checkedInBy: null,
    table: { number: table, seat, size, oneCode },
  };
}

const listOf = (tickets: OfflineTicket[], revoked: string[] = []) =>
  ({ tickets, revoked }) as unknown as OfflineListResponse;
const admitted: DoorVerdict = {
  result: 'checked_in',
  message: 'ok',
  ticket: {
    code: 'c',
    reference: '',
    attendeeName: 'x',
    ticketTypeId: TYPE,
    ticketName: 'Gold',
    orderReference: '',
    orderSeats: 4,
  },
};
const already: DoorVerdict = { ...admitted, result: 'already_checked_in' };

describe('tables on the door device', () => {
  const perGuest = [0, 1, 2, 3].map((s) => guest(3, s, 4, false, s === 0 ? '2026-11-28T20:00:00Z' : null));
  const other = [0, 1, 2, 3].map((s) => guest(4, s, 4, false, '2026-11-28T20:00:00Z'));

  it('a code for each guest: the scanned ticket, and the count is its own table’s (list + queue + this scan)', () => {
    const list = listOf([...perGuest, ...other]);
    expect(tableGuestOnDevice(id(3, 2), list, [])).toBe(id(3, 2));
    const shown = withTableOnDevice(admitted, id(3, 2), list, [{ ticketId: id(3, 1) }]);
    expect(shown.ticket?.table).toEqual({ number: 3, size: 4, admitted: 3 });
    expect(tableDoorLine({ ticketName: 'Gold', table: shown.ticket!.table! })).toBe('Gold 3 — 3 of 4 in');
    // Refused scans add nothing; a revoked guest of the table is not counted.
    expect(
      withTableOnDevice(already, id(3, 0), listOf([...perGuest], [id(3, 0)]), []).ticket?.table?.admitted,
    ).toBe(0);
  });

  it('one code per table: the next guest not yet in, then none; the full table says so', () => {
    const table = [0, 1, 2].map((s) => guest(5, s, 3, true));
    const list = listOf(table);
    expect(tableGuestOnDevice(id(5, 0), list, [])).toBe(id(5, 0));
    expect(tableGuestOnDevice(id(5, 0), list, [{ ticketId: id(5, 0) }])).toBe(id(5, 1));
    expect(tableGuestOnDevice(id(5, 2), list, [{ ticketId: id(5, 2) }, { ticketId: id(5, 0) }])).toBe(
      id(5, 1),
    );
    const all = [{ ticketId: id(5, 0) }, { ticketId: id(5, 1) }, { ticketId: id(5, 2) }];
    expect(tableGuestOnDevice(id(5, 0), list, all)).toBe(id(5, 0));
    const full = withTableOnDevice(already, id(5, 0), list, all);
    expect(full.ticket?.table).toEqual({ number: 5, size: 3, admitted: 3 });
    expect(full.message).toBe('All 3 of Gold 5 are already in.');
  });

  it('a ticket that is not a table is left as it is', () => {
    const plain = { ...guest(6, 0, 2, false), table: undefined };
    expect(tableGuestOnDevice(plain.id, listOf([plain]), [])).toBe(plain.id);
    expect(withTableOnDevice(admitted, plain.id, listOf([plain]), [])).toEqual(admitted);
  });

  it('words: a name that says table keeps it; tables and seats', () => {
    expect(tableTitle({ ticketName: 'Gold', tableSize: 10 })).toBe('Gold table for 10');
    expect(tableTitle({ ticketName: 'VIP Table', tableSize: 6 })).toBe('VIP Table for 6');
    expect(tableTitle({ ticketName: 'Regular', tableSize: null })).toBe('Regular');
    expect(tablesAndSeats(3, 10)).toBe('3 tables · 30 seats');
    expect(tablesAndSeats(1, 10)).toBe('1 table · 10 seats');
    expect(tablesAndSeats(7, null)).toBe('7');
  });
});
