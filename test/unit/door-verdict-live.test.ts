import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CodeKind, DOOR_MESSAGES, type DoorFacts, doorVerdict } from '../../contract/doorVerdict';

/**
 * The door verdict's rows for live codes (decision 058: 1a, 1b, 3a, 6c), over every situation: a live code
 * whose check failed never admits, and only an old one names its ticket; an event that requires live
 * codes never admits a printed code or a typed reference; an admission says how the ticket was shown.
 */
const kindArb = fc.option(fc.constantFrom<CodeKind>('rotating', 'printed', 'reference', 'search'), {
  nil: undefined,
});
const factsArb: fc.Arbitrary<DoorFacts> = fc.record({
  signed: fc.boolean(),
  found: fc.oneof(
    fc.constant('other_event' as const),
    fc.constant('nothing' as const),
    fc.record({
      ticket: fc.record({
        shown: fc.record({
          code: fc.constant('code'),
          reference: fc.constant(''),
          attendeeName: fc.constant('Ada Obi'),
          ticketTypeId: fc.uuid(),
          ticketName: fc.constant('Regular'),
          orderReference: fc.constant(''),
          orderSeats: fc.integer({ min: 1, max: 4 }),
        }),
        cancelled: fc.option(fc.record({ reason: fc.constant(null) }), { nil: null }),
        testModeAtProductionDoor: fc.boolean(),
        typeAdmittedHere: fc.boolean(),
        checkedIn: fc.option(
          fc.record({
            at: fc.constant(null),
            by: fc.constant(null),
            byThisDevice: fc.boolean(),
            laterThanThisScan: fc.boolean(),
          }),
          { nil: null },
        ),
      }),
    }),
  ),
  gate: fc.constant(null),
  scan: fc.constantFrom('online' as const, 'upload' as const, 'device' as const),
  presented: kindArb,
  rotatingProblem: fc.constantFrom(
    null,
    undefined,
    'stale' as const,
    'wrong_key' as const,
    'no_key' as const,
  ),
  rotatingRequired: fc.option(fc.boolean(), { nil: undefined }),
});
const RUNS = { numRuns: 3000 };

describe('the door verdict for live codes', () => {
  it('a live code whose check failed never admits; only an old one names its ticket', () =>
    fc.assert(
      fc.property(factsArb, (f) => {
        if (!f.rotatingProblem) return;
        const v = doorVerdict(f);
        expect(v.result).not.toBe('checked_in');
        if (!f.signed || typeof f.found !== 'object') return;
        expect(v.result).toBe('unknown');
        if (f.rotatingProblem === 'stale') {
          expect(v.message).toBe(DOOR_MESSAGES.liveStale);
          expect(v.ticket).toEqual(f.found.ticket.shown);
        } else expect(v.ticket).toBeUndefined();
      }),
      RUNS,
    ));

  it('an event requiring live codes never admits a printed code or a typed reference', () =>
    fc.assert(
      fc.property(factsArb, (f) => {
        const kind = f.presented ?? 'printed';
        if (!f.rotatingRequired || (kind !== 'printed' && kind !== 'reference')) return;
        expect(doorVerdict(f).result).not.toBe('checked_in');
      }),
      RUNS,
    ));

  it('every admission says how the ticket was shown (printed when not said)', () =>
    fc.assert(
      fc.property(factsArb, (f) => {
        const v = doorVerdict(f);
        if (v.result === 'checked_in') expect(v.codeKind).toBe(f.presented ?? 'printed');
        else expect(v.codeKind).toBeUndefined();
      }),
      RUNS,
    ));

  it('with nothing live about it, a scan is judged as before', () =>
    fc.assert(
      fc.property(factsArb, (f) => {
        const plain = { ...f, presented: undefined, rotatingProblem: null, rotatingRequired: false };
        const { codeKind: _kind, ...v } = doorVerdict(plain);
        const { codeKind: _k, ...asPrinted } = doorVerdict({ ...plain, presented: 'printed' });
        expect(v).toEqual(asPrinted);
      }),
      RUNS,
    ));
});
