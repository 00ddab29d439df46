import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CancelReason,
  cancelledMessage,
  DOOR_MESSAGES,
  type DoorFacts,
  doorVerdict,
  type KnownTicket,
  type PreviousCheckin,
  wrongGateMessage,
} from '../../contract/doorVerdict';

/**
 * The door verdict's table (contract/doorVerdict.ts), checked over the whole space of what a side
 * can know about a scanned code: every combination of signature, event, status, gate and check-in,
 * from the server's point of view (online, upload) and the device's.
 */

const originArb = fc.record({
  gate: fc.option(fc.constantFrom('Gate A', 'VIP door'), { nil: null }),
  device: fc.option(fc.constantFrom('Front desk', 'this device'), { nil: null }),
});
const previousArb: fc.Arbitrary<PreviousCheckin> = fc.record({
  at: fc.option(fc.constant('2026-12-05T18:00:00.000Z'), { nil: null }),
  by: fc.option(originArb, { nil: null }),
  byThisDevice: fc.boolean(),
  laterThanThisScan: fc.boolean(),
});
const reasonArb = fc.constantFrom<CancelReason | null>('reissued', 'refunded', 'cancelled', null);
const knownArb: fc.Arbitrary<KnownTicket> = fc.record({
  shown: fc.record({
    code: fc.constant('code'),
    reference: fc.constantFrom('', 'K7QM3XPA9W'),
    attendeeName: fc.constantFrom('Ada Obi', 'Bought after the list was downloaded'),
    ticketTypeId: fc.uuid(),
    ticketName: fc.constantFrom('Regular', 'VIP'),
    orderReference: fc.constantFrom('', 'GP-7K2Q9'),
    orderSeats: fc.integer({ min: 1, max: 10 }),
  }),
  cancelled: fc.option(fc.record({ reason: reasonArb }), { nil: null }),
  testModeAtProductionDoor: fc.boolean(),
  typeAdmittedHere: fc.boolean(),
  checkedIn: fc.option(previousArb, { nil: null }),
});
const factsArb: fc.Arbitrary<DoorFacts> = fc.record({
  signed: fc.boolean(),
  found: fc.oneof(
    fc.constant('other_event' as const),
    fc.constant('nothing' as const),
    knownArb.map((ticket) => ({ ticket })),
  ),
  gate: fc.option(fc.constantFrom('Gate A', 'Balcony'), { nil: null }),
  scan: fc.constantFrom('online' as const, 'upload' as const, 'device' as const),
});

const ticketOf = (f: DoorFacts) => (typeof f.found === 'object' ? f.found.ticket : null);
const admits = (f: DoorFacts) => doorVerdict(f).result === 'checked_in';
const RUNS = { numRuns: 3000 };

describe('the door verdict over every situation', () => {
  it('an invalid signature never admits, and says the code is forged, naming nobody', () => {
    fc.assert(
      fc.property(factsArb, (facts) => {
        const v = doorVerdict({ ...facts, signed: false });
        expect(v).toEqual({ result: 'unknown', message: DOOR_MESSAGES.forged });
      }),
      RUNS,
    );
  });

  it("another event's ticket and a code known to nobody never admit, and show no ticket", () => {
    fc.assert(
      fc.property(factsArb, (facts) => {
        expect(doorVerdict({ ...facts, signed: true, found: 'other_event' })).toEqual({
          result: 'wrong_event',
          message: DOOR_MESSAGES.wrongEvent,
        });
        expect(doorVerdict({ ...facts, signed: true, found: 'nothing' })).toEqual({
          result: 'unknown',
          message: DOOR_MESSAGES.notKnown,
        });
      }),
      RUNS,
    );
  });

  it('a revoked ticket never admits, whatever else is true of it, and the words follow the reason', () => {
    fc.assert(
      fc.property(factsArb, knownArb, reasonArb, (facts, ticket, reason) => {
        const v = doorVerdict({
          ...facts,
          signed: true,
          found: { ticket: { ...ticket, cancelled: { reason } } },
        });
        expect(v.result).toBe('cancelled');
        expect(v.message).toBe(cancelledMessage(reason, ticket.shown.orderReference));
        expect(v.ticket).toEqual(ticket.shown);
      }),
      RUNS,
    );
  });

  it('a test-mode ticket at a production door and a type this gate does not take never admit', () => {
    fc.assert(
      fc.property(factsArb, knownArb, (facts, ticket) => {
        const valid = { ...ticket, cancelled: null };
        const testMode = doorVerdict({
          ...facts,
          signed: true,
          found: { ticket: { ...valid, testModeAtProductionDoor: true } },
        });
        expect(testMode).toMatchObject({ result: 'test_mode', message: DOOR_MESSAGES.testMode });
        const wrongGate = doorVerdict({
          ...facts,
          signed: true,
          found: { ticket: { ...valid, testModeAtProductionDoor: false, typeAdmittedHere: false } },
        });
        expect(wrongGate).toMatchObject({
          result: 'wrong_event',
          message: wrongGateMessage(ticket.shown.ticketName, facts.gate),
        });
      }),
      RUNS,
    );
  });

  it('already checked in never admits twice: only an uploaded offline scan made earlier takes the place', () => {
    fc.assert(
      fc.property(factsArb, knownArb, previousArb, (facts, ticket, previous) => {
        const f: DoorFacts = {
          ...facts,
          signed: true,
          found: {
            ticket: {
              ...ticket,
              cancelled: null,
              testModeAtProductionDoor: false,
              typeAdmittedHere: true,
              checkedIn: previous,
            },
          },
        };
        const v = doorVerdict(f);
        if (f.scan === 'upload' && previous.laterThanThisScan) {
          expect(v).toMatchObject({ result: 'checked_in', message: DOOR_MESSAGES.earlierWins });
          return;
        }
        expect(v.result).toBe('already_checked_in');
        expect(v.message).toBe(previous.byThisDevice ? DOOR_MESSAGES.alreadyHere : DOOR_MESSAGES.already);
        expect(v.checkedInAt).toBe(previous.at ?? undefined);
        expect(v.checkedInBy).toEqual(previous.by ?? undefined);
      }),
      RUNS,
    );
  });

  it('admits exactly when the code is signed, names a valid ticket of this event allowed here, not yet in', () => {
    fc.assert(
      fc.property(factsArb, (facts) => {
        const t = ticketOf(facts);
        const expected =
          facts.signed &&
          t !== null &&
          !t.cancelled &&
          !t.testModeAtProductionDoor &&
          t.typeAdmittedHere &&
          (!t.checkedIn || (facts.scan === 'upload' && t.checkedIn.laterThanThisScan));
        expect(admits(facts)).toBe(expected);
        const v = doorVerdict(facts);
        // A ticket is shown only when it is this event's and the code is ours.
        expect(v.ticket).toEqual(facts.signed && t ? t.shown : undefined);
        if (expected && !t?.checkedIn)
          expect(v.message).toBe(
            facts.scan === 'device' ? DOOR_MESSAGES.admittedOffline : DOOR_MESSAGES.admitted,
          );
      }),
      RUNS,
    );
  });

  it('only the first admission of a ticket admits: scans judged one after another against what they left', () => {
    const scanArb = fc.record({
      scan: fc.constantFrom('online' as const, 'upload' as const, 'device' as const),
      at: fc.integer({ min: 0, max: 50 }),
    });
    fc.assert(
      fc.property(knownArb, fc.array(scanArb, { minLength: 1, maxLength: 12 }), (ticket, scans) => {
        // The one check-in a ticket can have, as the record step keeps it: replaced only by an
        // uploaded offline scan the verdict says came earlier.
        let holder: { at: number; scan: string } | null = null;
        let admitted = 0;
        const valid = { ...ticket, cancelled: null, testModeAtProductionDoor: false, typeAdmittedHere: true };
        for (const s of scans) {
          const checkedIn: PreviousCheckin | null = holder && {
            at: null,
            by: null,
            byThisDevice: false,
            laterThanThisScan: holder.at > s.at,
          };
          const v = doorVerdict({
            signed: true,
            found: { ticket: { ...valid, checkedIn } },
            gate: null,
            scan: s.scan,
          });
          if (v.result !== 'checked_in') continue;
          if (holder) {
            // Admitted over a check-in: only an upload, only strictly earlier.
            expect(s.scan).toBe('upload');
            expect(s.at).toBeLessThan(holder.at);
          }
          admitted += 1;
          holder = { at: s.at, scan: s.scan };
        }
        // The first scan is always admitted; scans made on the spot never join it.
        expect(admitted).toBeGreaterThanOrEqual(1);
        const onTheSpot = scans.slice(1).filter((s) => s.scan !== 'upload').length;
        expect(admitted).toBeLessThanOrEqual(scans.length - onTheSpot);
        // In the end the earliest upload (or the first scan, if no upload came before it) holds it.
        const uploads = scans.slice(1).filter((s) => s.scan === 'upload');
        const earliest = Math.min(scans[0]!.at, ...uploads.map((s) => s.at));
        expect(holder?.at).toBe(earliest);
      }),
      RUNS,
    );
  });
});

describe('the table in the words staff read', () => {
  const ticket: KnownTicket = {
    shown: {
      code: 'code',
      reference: 'K7QM3XPA9W',
      attendeeName: 'Ada Obi',
      ticketTypeId: '00000000-0000-4000-8000-000000000001',
      ticketName: 'VIP',
      orderReference: 'GP-7K2Q9',
      orderSeats: 2,
    },
    cancelled: null,
    testModeAtProductionDoor: false,
    typeAdmittedHere: true,
    checkedIn: null,
  };
  const facts = (over: Partial<KnownTicket>, rest: Partial<DoorFacts> = {}): DoorFacts => ({
    signed: true,
    found: { ticket: { ...ticket, ...over } },
    gate: null,
    scan: 'online',
    ...rest,
  });
  const message = (f: DoorFacts) => doorVerdict(f).message;

  it('cancellations say why when the reason is known, and stay general on the device', () => {
    expect(message(facts({ cancelled: { reason: 'reissued' } }))).toBe(
      'This code was replaced by a newer ticket. Ask for the latest one.',
    );
    expect(message(facts({ cancelled: { reason: 'refunded' } }))).toBe(
      'Order GP-7K2Q9 was refunded. Do not admit.',
    );
    expect(message(facts({ cancelled: { reason: 'cancelled' } }))).toBe(
      'Order GP-7K2Q9 was cancelled. Do not admit.',
    );
    expect(message(facts({ cancelled: { reason: null } }, { scan: 'device' }))).toBe(
      'This ticket was cancelled or refunded. Do not admit.',
    );
  });

  it('a gate with a name is named; without one it is "this gate"', () => {
    expect(message(facts({ typeAdmittedHere: false }, { gate: 'Gate A' }))).toBe(
      'VIP tickets do not enter at Gate A.',
    );
    expect(message(facts({ typeAdmittedHere: false }, { scan: 'device' }))).toBe(
      'VIP tickets do not enter at this gate.',
    );
  });

  it('the order of the rows: revoked before test mode before the gate before the check-in', () => {
    const everything = {
      cancelled: { reason: 'refunded' as const },
      testModeAtProductionDoor: true,
      typeAdmittedHere: false,
      checkedIn: { at: null, by: null, byThisDevice: false, laterThanThisScan: false },
    };
    expect(doorVerdict(facts(everything)).result).toBe('cancelled');
    expect(doorVerdict(facts({ ...everything, cancelled: null })).result).toBe('test_mode');
    expect(
      doorVerdict(facts({ ...everything, cancelled: null, testModeAtProductionDoor: false })).result,
    ).toBe('wrong_event');
    expect(
      doorVerdict(
        facts({ ...everything, cancelled: null, testModeAtProductionDoor: false, typeAdmittedHere: true }),
      ).result,
    ).toBe('already_checked_in');
  });
});
