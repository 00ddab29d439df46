import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createdLinkResponse,
  linkSessionResponse,
  type OfflineListResponse,
  offlineListResponse,
  type ScanResponse,
  scanResponse,
  syncResponse,
} from '../../contract/checkin';
import { DOOR_MESSAGES } from '../../contract/doorVerdict';
import type { Order } from '../../contract/orders';
import { orders } from '../../server/db/schema';
import { loadTicketSigner } from '../../server/modules/issued-tickets/signing';
import { type Judgement, judgeCode } from '../../src/checkin/offline/judge';
import { createVerifier } from '../../src/checkin/offline/ticketCode';
import { authed } from '../helpers/accounts';
import { buyTickets } from '../helpers/checkin';
import { eventWithTypes, type Person, person } from '../helpers/checkout';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The server and the door device judge with one rule (contract/doorVerdict.ts). Here the same
 * situations, made through the real API on a production-configured server, are judged both ways:
 * online by the server, and offline by the device's judge against the list the server gave it. They
 * must reach the same result; the words are the same wherever both sides know the same things (the
 * device's list carries no order reference, no cancellation reason and no gate name, so there it
 * says less: those differences are asserted word for word too).
 */
describe.each(testDatabases)('Server and device give the same door verdict on $name', (database) => {
  let t: TestApp;
  let organiser: Person;
  let buyer: Person;
  let eventId: string;
  let regular: string;
  let vip: string;
  let paid: Order;
  let vipOrder: Order;
  let testOrder: Order;
  let cancelled: Order;
  let otherOrder: Order;
  let late: Order;
  let gateSession: string;
  let organiserList: OfflineListResponse;
  let gateList: OfflineListResponse;

  /** Orders paid for real: the test-mode provider settles them, then they stand for Paystack ones. */
  const realOrder = async (event: string, items: Record<string, number>) => {
    const order = await buyTickets(t, buyer, event, items);
    await t.deps.db.update(orders).set({ testMode: false }).where(eq(orders.id, order._id));
    return order;
  };
  const listFor = async (token: string) =>
    offlineListResponse.parse((await authed(t, 'GET', `/api/checkin/${eventId}/list`, token)).json());

  beforeAll(async () => {
    t = await buildTestApp(database, { env: { PAYMENTS: 'test' }, config: { isProduction: true } });
    organiser = await person(t.deps.db, 'organiser');
    buyer = await person(t.deps.db, 'buyer');
    const made = await eventWithTypes(t.deps.db, organiser.id, [
      { name: 'Regular', priceKobo: 500_000 },
      { name: 'VIP', priceKobo: 0 },
    ]);
    eventId = made.event.id;
    regular = made.types[0]!.id;
    vip = made.types[1]!.id;
    const other = await eventWithTypes(t.deps.db, organiser.id, [{ name: 'Regular' }]);
    paid = await realOrder(eventId, { [regular]: 3 });
    vipOrder = await realOrder(eventId, { [vip]: 1 });
    testOrder = await buyTickets(t, buyer, eventId, { [regular]: 1 });
    cancelled = await realOrder(eventId, { [regular]: 1 });
    const cancel = await authed(t, 'POST', `/api/orders/${cancelled._id}/cancel`, organiser.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    otherOrder = await realOrder(other.event.id, { [other.types[0]!.id]: 1 });

    // One ticket is already in before the device downloads its list.
    const first = await authed(t, 'POST', `/api/checkin/${eventId}`, organiser.token, {
      code: paid.tickets[0]!.code,
      device: 'Front desk',
    });
    expect(scanResponse.parse(first.json()).result).toBe('checked_in');

    const created = await authed(t, 'POST', `/api/events/${eventId}/checkin-links`, organiser.token, {
      label: 'Gate A',
      ticketTypeIds: [regular],
    });
    const { token, pin } = createdLinkResponse.parse(created.json());
    const opened = await authed(t, 'POST', '/api/checkin/links/session', undefined, { token, pin });
    gateSession = linkSessionResponse.parse(opened.json()).sessionToken;
    organiserList = await listFor(organiser.token);
    gateList = await listFor(gateSession);
    // Sold after the lists were downloaded: the device knows it only by its signed type.
    late = await realOrder(eventId, { [vip]: 1 });
  }, 240_000);
  afterAll(async () => t?.close());

  const onDevice = async (code: string, list: OfflineListResponse): Promise<Judgement> =>
    judgeCode({ code, eventId, list, queued: [], verify: await createVerifier(list.publicKey.jwk.x) });
  const online = async (code: string, token: string): Promise<ScanResponse> => {
    const res = await authed(t, 'POST', `/api/checkin/${eventId}`, token, { code });
    expect(res.statusCode, res.body).toBe(200);
    return scanResponse.parse(res.json());
  };
  /** Judged on the device first (it changes nothing), then scanned at the server. */
  const bothWays = async (code: string, who: 'organiser' | 'gate') => {
    const device = await onDevice(code, who === 'gate' ? gateList : organiserList);
    const server = await online(code, who === 'gate' ? gateSession : organiser.token);
    expect(device.outcome.result).toBe(server.result);
    // A ticket is shown on both or neither, and it is the same person, type and seats.
    expect(Boolean(device.outcome.ticket)).toBe(Boolean(server.ticket));
    return { device: device.outcome, server, admit: device.admit };
  };
  const forgedCode = () => {
    const bytes = Buffer.from(paid.tickets[2]!.code, 'base64url');
    bytes[40] = (bytes[40] ?? 0) ^ 0xff;
    return bytes.toString('base64url');
  };

  it('codes that name nobody here: forged, garbage, signed but never issued, another event', async () => {
    // Signed with the server's own key (the one it keeps in the database), for a ticket never issued.
    const signer = await loadTicketSigner(t.deps.db, t.deps.config.ticketSigningKey);
    const never = signer.sign({ id: randomUUID(), eventId, ticketTypeId: randomUUID() });
    for (const [code, result, message] of [
      [forgedCode(), 'unknown', DOOR_MESSAGES.forged],
      ['NOT-A-TICKET', 'unknown', DOOR_MESSAGES.forged],
      [never, 'unknown', DOOR_MESSAGES.notKnown],
      [otherOrder.tickets[0]!.code, 'wrong_event', DOOR_MESSAGES.wrongEvent],
    ] as const) {
      const { device, server } = await bothWays(code, 'organiser');
      expect(server).toMatchObject({ result, message });
      expect(device).toEqual({ result, message });
    }
  });

  it('a test-mode ticket at a production door: refused both ways, in the same words', async () => {
    const { device, server } = await bothWays(testOrder.tickets[0]!.code, 'organiser');
    expect(server).toMatchObject({ result: 'test_mode', message: DOOR_MESSAGES.testMode });
    expect(device).toMatchObject({ result: 'test_mode', message: DOOR_MESSAGES.testMode });
    expect(device.ticket?.attendeeName).toBe(server.ticket?.attendeeName);
  });

  it('already checked in: the same words, the same time and place', async () => {
    const { device, server } = await bothWays(paid.tickets[0]!.code, 'organiser');
    expect(server).toMatchObject({ result: 'already_checked_in', message: DOOR_MESSAGES.already });
    expect(device).toMatchObject({ result: 'already_checked_in', message: DOOR_MESSAGES.already });
    expect(device.checkedInAt).toBe(server.checkedInAt);
    expect(device.checkedInBy).toEqual({ gate: null, device: 'Front desk' });
    expect(server.checkedInBy).toEqual(device.checkedInBy);
  });

  it('cancelled and the wrong gate: refused both ways; the server, knowing more, says more', async () => {
    const refunded = await bothWays(cancelled.tickets[0]!.code, 'organiser');
    expect(refunded.server.message).toBe(`Order ${cancelled.reference} was cancelled. Do not admit.`);
    expect(refunded.device.message).toBe('This ticket was cancelled or refunded. Do not admit.');
    const gate = await bothWays(vipOrder.tickets[0]!.code, 'gate');
    expect(gate.server).toMatchObject({
      result: 'wrong_event',
      message: 'VIP tickets do not enter at Gate A.',
    });
    expect(gate.device).toMatchObject({
      result: 'wrong_event',
      message: 'VIP tickets do not enter at this gate.',
    });
  });

  it('a valid ticket, and one sold after the list: admitted both ways, and the upload of the offline scan agrees', async () => {
    for (const code of [paid.tickets[1]!.code, late.tickets[0]!.code]) {
      const device = await onDevice(code, organiserList);
      expect(device.outcome).toMatchObject({ result: 'checked_in', message: DOOR_MESSAGES.admittedOffline });
      expect(device.admit).not.toBeNull();
      const nonce = randomUUID();
      const synced = await authed(t, 'POST', `/api/checkin/${eventId}/sync`, organiser.token, {
        deviceId: randomUUID(),
        scans: [{ nonce, code, scannedAt: new Date().toISOString() }],
      });
      expect(synced.statusCode, synced.body).toBe(200);
      expect(syncResponse.parse(synced.json()).results).toEqual([
        expect.objectContaining({ nonce, result: 'checked_in' }),
      ]);
    }
    const fresh = await bothWays(paid.tickets[2]!.code, 'organiser');
    expect(fresh.server).toMatchObject({ result: 'checked_in', message: DOOR_MESSAGES.admitted });
    expect(fresh.device).toMatchObject({ result: 'checked_in', message: DOOR_MESSAGES.admittedOffline });
    expect(fresh.device.ticket).toMatchObject({
      attendeeName: fresh.server.ticket?.attendeeName,
      ticketTypeId: fresh.server.ticket?.ticketTypeId,
      orderSeats: fresh.server.ticket?.orderSeats,
    });
  });
});
