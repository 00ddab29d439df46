import type { CheckinConflict, CheckinCounts } from '../../contract/checkin';

/** The door scanner's test fixtures (decision 016), shared by its model and oracle tests. */
export const TYPE_ID = '6b1f3a52-8f1e-4c1d-9a55-6d7f1c2b3a4d';
export const ticket = {
  code: 'GP1.signed',
  reference: 'K7QM3XPA9W',
  attendeeName: 'Ada Obi',
  ticketTypeId: TYPE_ID,
  ticketName: 'Regular',
  orderReference: 'GP-7Q2K',
  orderSeats: 2,
};
export const counts = (checkedIn: number): CheckinCounts => ({
  checkedIn,
  total: 4,
  perType: [{ ticketTypeId: TYPE_ID, ticketName: 'Regular', checkedIn, total: 4 }],
  perGate: [],
});
export const list = {
  counts: counts(0),
  pending: 2,
  tickets: 4,
  generatedAt: '2026-12-05T17:00:00.000Z',
  eventName: 'Afrobeats',
};
export const conflict = (
  reference: string,
  nonce: string | null,
  at = '2026-12-05T18:01:00.000Z',
): CheckinConflict => ({
  reference,
  attendeeName: 'Ada Obi',
  ticketName: 'Regular',
  winner: { gate: 'Gate B', device: null, scannedAt: '2026-12-05T18:00:00.000Z', nonce: null },
  loser: { gate: null, device: 'Door laptop', scannedAt: at, nonce },
});
