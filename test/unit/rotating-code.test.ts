import { createPublicKey, ECDH, randomUUID, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OfflineListResponse } from '../../contract/checkin';
import { DOOR_MESSAGES } from '../../contract/doorVerdict';
import {
  CODE_MAX_AGE_SECONDS,
  checkRotatingCode,
  compressPublicKey,
  decompressPublicKey,
  makeDeviceKeyPair,
  parseRotatingCode,
  ROTATING_CODE_LENGTH,
  signRotatingCode,
} from '../../contract/rotatingCode';
import { judgeCode } from '../../src/checkin/offline/judge';

/**
 * The rotating code (decision 058), made as the holder's phone makes it and checked as the door and
 * the server check it: admitted fresh, refused 90 s later, refused when another phone's key signed it.
 */
const ticketId = randomUUID();
const eventId = randomUUID();
const typeId = randomUUID();
const T0 = Date.UTC(2026, 11, 5, 19, 0, 0);

const listWith = (
  deviceKey: string | undefined,
  rotatingCodes?: 'allowed' | 'required',
): OfflineListResponse => ({
  event: {
    id: eventId,
    eventName: 'Afrobeats Night',
    startDate: '2026-12-05',
    startTime: '18:00',
    location: null,
  },
  allowedTicketTypeIds: null,
  tickets: [
    {
      id: ticketId,
      lookup: [],
      attendeeName: 'Ada Obi',
      ticketTypeId: typeId,
      ticketName: 'Regular',
      orderSeats: 1,
      status: 'valid',
      checkedInAt: null,
      checkedInBy: null,
      ...(deviceKey ? { deviceKey } : {}),
    },
  ],
  lookupSalt: 'salt',
  revoked: [],
  ...(rotatingCodes ? { rotatingCodes } : {}),
  publicKey: { algorithm: 'Ed25519', publicKey: '', jwk: { kty: 'OKP', crv: 'Ed25519', x: '' } },
  counts: {
    checkedIn: 0,
    total: 1,
    perType: [{ ticketTypeId: typeId, ticketName: 'Regular', checkedIn: 0, total: 1 }],
    perGate: [],
  },
  generatedAt: new Date(T0).toISOString(),
});

const judge = (code: string, list: OfflineListResponse, now: number) =>
  judgeCode({ code, eventId, list, queued: [], verify: async () => false, now });

describe('rotating codes', () => {
  it('is compact, names its ticket and time, and verifies with the node signature check too', async () => {
    const phone = await makeDeviceKeyPair();
    const code = await signRotatingCode(phone.privateKey, ticketId, T0 / 1000);
    expect(code).toHaveLength(ROTATING_CODE_LENGTH);
    const parsed = parseRotatingCode(code)!;
    expect(parsed).toMatchObject({ ticketId, madeAt: T0 / 1000 });
    // The server could equally verify with node:crypto (P1363 signature over the 21-byte payload).
    const jwk = { kty: 'EC', crv: 'P-256', ...decompressPublicKey(compressPublicKey(phone.publicKey)!)! };
    const nodeKey = createPublicKey({ key: jwk, format: 'jwk' });
    expect(
      verify('sha256', parsed.payload, { key: nodeKey, dsaEncoding: 'ieee-p1363' }, parsed.signature),
    ).toBe(true);
    expect(parseRotatingCode(`${code.slice(0, -1)}!`)).toBeNull();
    expect(parseRotatingCode(code.slice(1))).toBeNull();
  });

  it('compresses a key as node does, and refuses a point that is not on the curve', async () => {
    const phone = await makeDeviceKeyPair();
    const byNode = ECDH.convertKey(
      Buffer.from(phone.publicKey, 'base64url'),
      'prime256v1',
      undefined,
      undefined,
      'compressed',
    );
    expect(compressPublicKey(phone.publicKey)).toBe((byNode as Buffer).toString('base64url'));
    const raw = Buffer.from(phone.publicKey, 'base64url');
    raw[64] = raw[64]! ^ 1;
    expect(compressPublicKey(raw.toString('base64url'))).toBeNull();
    expect(decompressPublicKey('A'.repeat(44))).toBeNull();
  });

  it('checks signature and time: fresh admitted, 90 s later refused, another phone refused', async () => {
    const phone = await makeDeviceKeyPair();
    const other = await makeDeviceKeyPair();
    const key = compressPublicKey(phone.publicKey)!;
    const code = parseRotatingCode(await signRotatingCode(phone.privateKey, ticketId, T0 / 1000))!;
    expect(await checkRotatingCode(code, key, T0 + 5_000)).toMatchObject({ ok: true, ticketId });
    // Either side of the door's clock, up to a minute of drift.
    expect((await checkRotatingCode(code, key, T0 + CODE_MAX_AGE_SECONDS * 1000)).ok).toBe(true);
    expect((await checkRotatingCode(code, key, T0 - CODE_MAX_AGE_SECONDS * 1000)).ok).toBe(true);
    expect(await checkRotatingCode(code, key, T0 + 90_000)).toMatchObject({ ok: false, problem: 'stale' });
    expect(await checkRotatingCode(code, key, T0 - 90_000)).toMatchObject({ ok: false, problem: 'stale' });
    const forged = parseRotatingCode(await signRotatingCode(other.privateKey, ticketId, T0 / 1000))!;
    expect(await checkRotatingCode(forged, key, T0)).toMatchObject({ ok: false, problem: 'wrong_key' });
    expect(await checkRotatingCode(code, null, T0)).toMatchObject({ ok: false, problem: 'no_key' });
    // A code re-stamped with a later time (a screenshot edited) no longer matches its signature.
    const restamped = parseRotatingCode(await signRotatingCode(phone.privateKey, ticketId, T0 / 1000))!;
    restamped.payload[20] = restamped.payload[20]! + 1;
    expect(await checkRotatingCode(restamped, key, T0)).toMatchObject({ ok: false, problem: 'wrong_key' });
  });

  it('the door judges offline from its list: admitted, then refused 90 s later and from another phone', async () => {
    const phone = await makeDeviceKeyPair();
    const other = await makeDeviceKeyPair();
    const list = listWith(compressPublicKey(phone.publicKey)!);
    const code = await signRotatingCode(phone.privateKey, ticketId, T0 / 1000);
    const now = await judge(code, list, T0 + 10_000);
    expect(now.outcome).toMatchObject({
      result: 'checked_in',
      codeKind: 'rotating',
      message: DOOR_MESSAGES.admittedOffline,
    });
    expect(now.admit).toEqual({ ticketId, ticketTypeId: typeId });
    const later = await judge(code, list, T0 + 90_000);
    expect(later.outcome).toMatchObject({ result: 'unknown', message: DOOR_MESSAGES.liveStale });
    expect(later.outcome.ticket?.attendeeName).toBe('Ada Obi');
    expect(later.admit).toBeNull();
    const screenshotElsewhere = await judge(
      await signRotatingCode(other.privateKey, ticketId, T0 / 1000),
      list,
      T0,
    );
    expect(screenshotElsewhere.outcome).toMatchObject({
      result: 'unknown',
      message: DOOR_MESSAGES.liveWrongKey,
    });
    expect(screenshotElsewhere.outcome.ticket).toBeUndefined();
    // The list was downloaded before the phone was linked: nothing to check with, said so.
    expect((await judge(code, listWith(undefined), T0)).outcome.message).toBe(DOOR_MESSAGES.liveNoKey);
    // A ticket this list does not hold at all.
    const stranger = await signRotatingCode(phone.privateKey, randomUUID(), T0 / 1000);
    expect((await judge(stranger, list, T0)).outcome).toMatchObject({
      result: 'unknown',
      message: DOOR_MESSAGES.notKnown,
    });
  });

  it('an event requiring live codes still admits a live code offline', async () => {
    const phone = await makeDeviceKeyPair();
    const list = listWith(compressPublicKey(phone.publicKey)!, 'required');
    const code = await signRotatingCode(phone.privateKey, ticketId, T0 / 1000);
    expect((await judge(code, list, T0)).outcome.result).toBe('checked_in');
    // A guest picked by name (the ticket id) is staff's call, and still admits.
    expect((await judge(ticketId, list, T0)).outcome).toMatchObject({
      result: 'checked_in',
      codeKind: 'search',
    });
  });
});
