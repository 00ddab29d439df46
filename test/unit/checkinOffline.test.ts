import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OfflineListResponse } from '../../contract/checkin';
import { ticketLookupKeys } from '../../contract/doorLookup';
import { formatTicketReference, REFERENCE_ALPHABET, REFERENCE_LENGTH } from '../../contract/ticketReference';
import { lookupHashSync } from '../../server/modules/checkin/lookupHashes';
import { countsWithQueue, judgeCode, type QueuedScanEntry } from '../../src/checkin/offline/judge';
import { searchOnDevice } from '../../src/checkin/offline/searchOnDevice';
import { storedListOf } from '../../src/checkin/offline/storedList';
import { createVerifier, parseTicketCode } from '../../src/checkin/offline/ticketCode';

/**
 * Offline judging on the device: codes signed here the way the server signs them (version | ticket
 * id | event prefix | type prefix | Ed25519 signature, base64url) are read back by the browser code,
 * with WebCrypto's Ed25519 and with the @noble/ed25519 fallback.
 */
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const jwkX = String(publicKey.export({ format: 'jwk' }).x);
const hexOf = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
function signCode(t: { id: string; eventId: string; ticketTypeId: string }, key = privateKey) {
  const payload = Buffer.concat([
    Buffer.from([1]),
    hexOf(t.id),
    hexOf(t.eventId).subarray(0, 8),
    hexOf(t.ticketTypeId).subarray(0, 8),
  ]);
  return Buffer.concat([payload, sign(null, payload, key)]).toString('base64url');
}

/** A short reference for a test ticket, made from its id with the reference alphabet. */
const referenceOf = (id: string) =>
  [...hexOf(id).subarray(0, REFERENCE_LENGTH)].map((b) => REFERENCE_ALPHABET[b % 30]).join('');

const eventId = randomUUID();
const regular = randomUUID();
const vip = randomUUID();
type Clear = { reference: string; orderReference: string; attendeeEmail: string; buyerPhone: string };
const ticket = (typeId: string, extra: Partial<OfflineListResponse['tickets'][number] & Clear> = {}) => {
  const id = randomUUID();
  return {
    code: signCode({ id, eventId, ticketTypeId: typeId }),
    id,
    reference: referenceOf(id),
    orderReference: 'GP-7A2C9B0D1E',
    attendeeEmail: 'ada@example.ng',
    buyerPhone: '+2348031234567',
    attendeeName: 'Ada Obi',
    ticketTypeId: typeId,
    ticketName: typeId === vip ? 'VIP' : 'Regular',
    orderSeats: 2,
    status: 'valid' as const,
    checkedInAt: null,
    checkedInBy: null,
    ...extra,
  };
};
const fresh = ticket(regular);
const vipTicket = ticket(vip);
const cancelled = ticket(regular, { status: 'cancelled' });
const revoked = ticket(regular);
const admitted = ticket(regular, {
  checkedInAt: '2026-12-05T18:00:00.000Z',
  checkedInBy: { gate: 'Gate B', device: null },
});
const testMode = ticket(regular, { status: 'test_mode' });
const SALT = 'this-lists-salt';
/**
 * What the server sends: the tickets without their codes (the device only ever sees a code scanned),
 * their reference, order number, email and phone only as hashes salted with the list's salt.
 */
const withoutCode = ({
  code: _code,
  reference,
  orderReference,
  attendeeEmail,
  buyerPhone,
  ...row
}: ReturnType<typeof ticket>) => ({
  ...row,
  lookup: ticketLookupKeys({ reference, orderReference, attendeeEmail, buyerPhone }).map((k) =>
    lookupHashSync(SALT, k),
  ),
});
const list: OfflineListResponse = {
  event: {
    id: eventId,
    eventName: 'Afrobeats Night',
    startDate: '2026-12-05',
    startTime: '18:00',
    location: null,
  },
  allowedTicketTypeIds: null,
  tickets: [fresh, vipTicket, cancelled, revoked, admitted, testMode].map(withoutCode),
  lookupSalt: SALT,
  revoked: [revoked.id],
  publicKey: { algorithm: 'Ed25519', publicKey: '', jwk: { kty: 'OKP', crv: 'Ed25519', x: jwkX } },
  counts: {
    checkedIn: 1,
    total: 4,
    perType: [
      { ticketTypeId: regular, ticketName: 'Regular', checkedIn: 1, total: 3 },
      { ticketTypeId: vip, ticketName: 'VIP', checkedIn: 0, total: 1 },
    ],
    perGate: [{ gate: 'Gate B', checkedIn: 1 }],
  },
  generatedAt: '2026-12-05T17:00:00.000Z',
};

describe.each([
  ['WebCrypto Ed25519', true],
  ['@noble/ed25519', false],
])('offline judging with %s', (_, preferWebCrypto) => {
  const judge = async (code: string, queued: QueuedScanEntry[] = [], l = list) =>
    judgeCode({ code, eventId, list: l, queued, verify: await createVerifier(jwkX, { preferWebCrypto }) });

  it('admits a valid ticket once and names who it is', async () => {
    const j = await judge(fresh.code);
    expect(j.outcome.result).toBe('checked_in');
    expect(j.outcome.ticket).toMatchObject({ attendeeName: 'Ada Obi', ticketName: 'Regular', orderSeats: 2 });
    expect(j.admit).toEqual({ ticketId: fresh.id, ticketTypeId: regular });
    const queued = [
      {
        nonce: randomUUID(),
        eventId,
        code: fresh.code,
        ticketId: fresh.id,
        ticketTypeId: regular,
        scannedAt: 'x',
      },
    ];
    const again = await judge(fresh.code, queued);
    expect(again.outcome.result).toBe('already_checked_in');
    expect(again.admit).toBeNull();
  });

  it('refuses a forged code: one changed byte, or a code signed with another key', async () => {
    const bytes = Buffer.from(fresh.code, 'base64url');
    bytes[5] = (bytes[5] ?? 0) ^ 1;
    expect((await judge(bytes.toString('base64url'))).outcome.result).toBe('unknown');
    const other = generateKeyPairSync('ed25519').privateKey;
    const forged = signCode({ id: fresh.id, eventId, ticketTypeId: regular }, other);
    const j = await judge(forged);
    expect(j.outcome.result).toBe('unknown');
    expect(j.outcome.message).toMatch(/forged/i);
    expect((await judge('hello')).outcome.result).toBe('unknown');
  });

  it('turns away other events, revoked and cancelled tickets, and those checked in elsewhere', async () => {
    const elsewhere = signCode({ id: randomUUID(), eventId: randomUUID(), ticketTypeId: regular });
    expect((await judge(elsewhere)).outcome.result).toBe('wrong_event');
    expect((await judge(revoked.code)).outcome.result).toBe('cancelled');
    expect((await judge(cancelled.code)).outcome.result).toBe('cancelled');
    const j = await judge(admitted.code);
    expect(j.outcome).toMatchObject({ result: 'already_checked_in', checkedInBy: { gate: 'Gate B' } });
  });

  it('refuses a test-mode ticket the list marks, with the verdict the server gives', async () => {
    const j = await judge(testMode.code);
    expect(j.outcome.result).toBe('test_mode');
    expect(j.outcome.message).toMatch(/^Test-mode ticket — not valid for entry/);
    expect(j.outcome.ticket?.attendeeName).toBe('Ada Obi');
    expect(j.admit).toBeNull();
  });

  it('keeps a gate limited to some ticket types to those types', async () => {
    const limited = { ...list, allowedTicketTypeIds: [regular] };
    expect((await judge(vipTicket.code, [], limited)).outcome.result).toBe('wrong_event');
    expect((await judge(fresh.code, [], limited)).outcome.result).toBe('checked_in');
  });

  it('admits a ticket by its typed short reference, however it is typed, once', async () => {
    const typed = formatTicketReference(fresh.reference).toLowerCase().replace('-', ' - ');
    const j = await judge(typed);
    expect(j.outcome).toMatchObject({ result: 'checked_in', ticket: { attendeeName: 'Ada Obi' } });
    expect(j.outcome.ticket?.code).toBe(fresh.reference);
    expect(j.outcome.ticket?.reference).toBe(fresh.reference);
    // The list knows the order only by its hash: the device names no order number.
    expect(j.outcome.ticket?.orderReference).toBe('');
    expect(j.admit).toEqual({ ticketId: fresh.id, ticketTypeId: regular });
    const queued = [
      {
        nonce: randomUUID(),
        eventId,
        code: fresh.reference,
        ticketId: fresh.id,
        ticketTypeId: regular,
        scannedAt: 'x',
      },
    ];
    // The same seat by its QR after its reference was typed: still one admission.
    expect((await judge(fresh.code, queued)).outcome.result).toBe('already_checked_in');
    expect((await judge(revoked.reference)).outcome.result).toBe('cancelled');
    expect((await judge(admitted.reference)).outcome.result).toBe('already_checked_in');
  });

  it('admits a ticket picked in the guest search by its id, and tells the door no reference', async () => {
    const j = await judge(fresh.id);
    expect(j.outcome).toMatchObject({
      result: 'checked_in',
      ticket: { attendeeName: 'Ada Obi', reference: '' },
    });
    expect(j.admit).toEqual({ ticketId: fresh.id, ticketTypeId: regular });
    expect((await judge(randomUUID())).outcome.result).toBe('unknown');
  });

  it('does not find a reference hashed with another list’s salt', async () => {
    const j = await judge(fresh.reference, [], { ...list, lookupSalt: 'another-salt' });
    expect(j.outcome.result).toBe('unknown');
  });

  it('calls a well-formed reference that names no ticket here unknown, not forged', async () => {
    const j = await judge('ABCDE-FGHJK');
    expect(j.outcome.result).toBe('unknown');
    expect(j.outcome.message).not.toMatch(/forged/i);
    expect(j.admit).toBeNull();
  });

  it('admits a genuine ticket sold after the list was downloaded, by its signed type', async () => {
    const late = signCode({ id: randomUUID(), eventId, ticketTypeId: vip });
    const j = await judge(late);
    expect(j.outcome.result).toBe('checked_in');
    expect(j.outcome.ticket?.ticketName).toBe('VIP');
  });
});

describe('ticket code layout and counts', () => {
  it('reads the ticket id and prefixes the server wrote', () => {
    const parsed = parseTicketCode(fresh.code);
    expect(parsed?.ticketId).toBe(fresh.id);
    expect(parsed?.eventPrefix).toBe(eventId.replaceAll('-', '').slice(0, 16));
  });

  it('adds queued check-ins to the downloaded counts, once per ticket', () => {
    const q = (id: string, typeId: string) => ({
      nonce: randomUUID(),
      eventId,
      code: '',
      ticketId: id,
      ticketTypeId: typeId,
      scannedAt: 'x',
    });
    const counts = countsWithQueue(list, [
      q(fresh.id, regular),
      q(vipTicket.id, vip),
      q(admitted.id, regular),
    ]);
    expect(counts.checkedIn).toBe(3);
    expect(counts.perType.map((t) => t.checkedIn)).toEqual([2, 1]);
  });
});

describe('guest search over the downloaded list (the rule the server uses too)', () => {
  const guests = [
    withoutCode({
      ...fresh,
      attendeeName: 'Ada Obi',
      attendeeEmail: 'ada@example.ng',
      buyerPhone: '+2348031234567',
    }),
    withoutCode({
      ...admitted,
      attendeeName: 'Adaeze Nwosu',
      attendeeEmail: 'ade@mail.ng',
      buyerPhone: '+2348090000000',
    }),
    withoutCode({ ...cancelled, attendeeName: 'Tunde Ade', attendeeEmail: 't@x.ng', buyerPhone: '' }),
  ];
  const found = (q: string, queued: QueuedScanEntry[] = []) =>
    searchOnDevice(q, { ...list, tickets: guests }, queued);
  const names = async (q: string) => (await found(q)).matches.map((m) => m.attendeeName);

  it('finds by name words, and by a whole email, order number, phone in any form or reference', async () => {
    expect(await names('ada obi')).toEqual(['Ada Obi']);
    expect(await names(' ADE@MAIL.NG ')).toEqual(['Adaeze Nwosu']);
    expect(await names('08031234567')).toEqual(['Ada Obi']);
    expect(await names('+234 803 123 4567')).toEqual(['Ada Obi']);
    expect(await names('803-123-4567')).toEqual(['Ada Obi']);
    expect(await names(formatTicketReference(admitted.reference).toLowerCase())).toEqual(['Adaeze Nwosu']);
    expect(await names('gp-7a2c9b0d1e')).toHaveLength(3);
  });

  it('finds nothing for part of an email, phone or reference: the list holds only their hashes', async () => {
    expect(await names('ADE@MAIL')).toEqual([]);
    expect(await names('803123')).toEqual([]);
    expect(await names(admitted.reference.slice(0, 6))).toEqual([]);
    expect(JSON.stringify(guests)).not.toContain('ada@example.ng');
    expect(JSON.stringify(guests)).not.toContain('8031234567');
    expect(JSON.stringify(guests)).not.toContain(fresh.reference);
  });

  it('shows a guest this device admitted offline as in, not “not yet in”', async () => {
    const queued = [
      {
        nonce: randomUUID(),
        eventId,
        code: fresh.id,
        ticketId: fresh.id,
        ticketTypeId: regular,
        scannedAt: '2026-12-05T18:05:00.000Z',
      },
    ];
    const [ada] = (await found('ada obi', queued)).matches;
    expect(ada?.checkedInAt).toBe('2026-12-05T18:05:00.000Z');
    expect((await found('ada obi')).matches[0]?.checkedInAt).toBeNull();
  });

  it('puts guests still to arrive first, then those in, then cancelled; ignores one letter', async () => {
    expect(await names('ad')).toEqual(['Ada Obi', 'Adaeze Nwosu', 'Tunde Ade']);
    expect(await names('a')).toEqual([]);
    expect(await names('zzz')).toEqual([]);
  });
});

describe('a list stored by an older scanner', () => {
  // The shape version 1 of the scanner kept in IndexedDB: every ticket's code and order reference,
  // none of the search fields; version 2's added the reference, email and phone in clear.
  const old = {
    ...list,
    lookupSalt: undefined,
    tickets: [fresh, admitted].map(({ reference: _r, attendeeEmail: _e, buyerPhone: _p, ...t }) => ({
      ...t,
      orderReference: 'GP-ABC',
    })),
  };
  const v2 = {
    ...list,
    lookupSalt: undefined,
    tickets: [fresh, admitted].map(({ code: _c, ...t }) => t),
  };

  it('of version 2 is read without references, order numbers, emails or phones', () => {
    const read = storedListOf(JSON.parse(JSON.stringify(v2)));
    const text = JSON.stringify(read);
    for (const clear of [fresh.reference, fresh.orderReference, fresh.attendeeEmail, '8031234567'])
      expect(text).not.toContain(clear);
    expect(read?.tickets[0]?.attendeeName).toBe('Ada Obi');
  });

  it('is read without the codes, and still judges scans offline', async () => {
    const read = storedListOf(JSON.parse(JSON.stringify(old)));
    expect(read).not.toBeNull();
    expect(JSON.stringify(read)).not.toContain(fresh.code);
    expect(read?.tickets.map((t) => Object.keys(t).sort())).toEqual([
      Object.keys(withoutCode(fresh)).sort(),
      Object.keys(withoutCode(admitted)).sort(),
    ]);
    const verify = await createVerifier(jwkX);
    const j = await judgeCode({ code: fresh.code, eventId, list: read!, queued: [], verify });
    expect(j.outcome.result).toBe('checked_in');
    expect(j.outcome.ticket?.attendeeName).toBe('Ada Obi');
  });

  it('that no longer fits the shape is treated as missing (downloaded again), never half-read', () => {
    expect(storedListOf({ ...old, tickets: [{ code: fresh.code }] })).toBeNull();
    expect(storedListOf(undefined)).toBeNull();
    expect(storedListOf('garbage')).toBeNull();
  });
});
