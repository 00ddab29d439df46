import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OfflineListResponse } from '../../contract/checkin';
import { doorVerdict, type KnownTicket } from '../../contract/doorVerdict';
import { dateEndsAt, dateName, endDay, shortDateLabel } from '../../contract/eventDates';
import { judgeCode } from '../../src/checkin/offline/judge';
import { createVerifier } from '../../src/checkin/offline/ticketCode';

/**
 * The door per date (decision 046): the shared verdict's row for a ticket of another date, and the
 * device judging it offline from the list's date of each ticket, as the server does online.
 */
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const jwkX = String(publicKey.export({ format: 'jwk' }).x);
const hexOf = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
const eventId = randomUUID();
const typeId = randomUUID();
const [night1, night2] = [randomUUID(), randomUUID()];
const ticketId = randomUUID();
const payload = Buffer.concat([
  Buffer.from([1]),
  hexOf(ticketId),
  hexOf(eventId).subarray(0, 8),
  hexOf(typeId).subarray(0, 8),
]);
const code = Buffer.concat([payload, sign(null, payload, privateKey)]).toString('base64url');
const name = 'Night 2 · Thu 17 Dec';

const list: OfflineListResponse = {
  event: {
    id: eventId,
    eventName: 'Highlife Nights',
    startDate: '2026-12-16',
    startTime: '20:00',
    location: null,
  },
  allowedTicketTypeIds: null,
  tickets: [
    {
      id: ticketId,
      lookup: [],
      attendeeName: 'Ifeoma Obi',
      ticketTypeId: typeId,
      ticketName: 'Regular',
      orderSeats: 1,
      status: 'valid',
      checkedInAt: null,
      checkedInBy: null,
      eventDateId: night2,
      dateName: name,
    },
  ],
  revoked: [],
  publicKey: { algorithm: 'Ed25519', publicKey: '', jwk: { kty: 'OKP', crv: 'Ed25519', x: jwkX } },
  counts: { checkedIn: 0, total: 1, perType: [], perGate: [] },
  lookupSalt: '',
  generatedAt: '2026-12-16T17:00:00.000Z',
};

describe('the door per date', () => {
  const judge = async (eventDateId: string | null) =>
    judgeCode({ code, eventId, list, queued: [], verify: await createVerifier(jwkX), eventDateId });

  it('offline: refuses another date’s ticket by its date, admits it on its date and with no date chosen', async () => {
    const wrong = await judge(night1);
    expect(wrong.outcome).toMatchObject({ result: 'wrong_date', message: `This ticket is for ${name}.` });
    expect(wrong.outcome.ticket?.dateName).toBe(name);
    expect(wrong.admit).toBeNull();
    expect((await judge(night2)).outcome.result).toBe('checked_in');
    expect((await judge(null)).outcome.result).toBe('checked_in');
  });

  it('the verdict: another date refuses before the check-in state, and a revoked ticket says revoked first', () => {
    const known: KnownTicket = {
      shown: {
        code: 'c',
        reference: '',
        attendeeName: 'A',
        ticketTypeId: typeId,
        ticketName: 'Regular',
        orderReference: 'GP-1',
        orderSeats: 1,
      },
      cancelled: null,
      testModeAtProductionDoor: false,
      typeAdmittedHere: true,
      checkedIn: { at: null, by: null, byThisDevice: false, laterThanThisScan: false },
      otherDate: name,
    };
    const facts = { signed: true, gate: null, scan: 'online' as const };
    expect(doorVerdict({ ...facts, found: { ticket: known } }).result).toBe('wrong_date');
    expect(
      doorVerdict({ ...facts, found: { ticket: { ...known, cancelled: { reason: null } } } }).result,
    ).toBe('cancelled');
    expect(doorVerdict({ ...facts, found: { ticket: { ...known, otherDate: null } } }).result).toBe(
      'already_checked_in',
    );
  });

  it('names and ends dates: labels, the day, and nights past midnight', () => {
    expect(shortDateLabel('2026-12-05')).toBe('Sat 5 Dec');
    expect(dateName({ date: '2026-12-05', label: '' })).toBe('Sat 5 Dec');
    expect(dateName({ date: '2026-12-05', label: 'Night 2' })).toBe('Night 2 · Sat 5 Dec');
    expect(endDay({ date: '2026-12-31', startTime: '21:00', endTime: '03:00' })).toBe('2027-01-01');
    expect(dateEndsAt({ date: '2026-12-05', startTime: '20:00', endTime: '23:30' }).toISOString()).toBe(
      '2026-12-05T22:30:00.000Z',
    );
  });
});
