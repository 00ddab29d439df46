/**
 * Seat allocation for a batch of reservations of one event, in arrival order (pure: no I/O).
 * Each reservation is all-or-nothing across its ticket types, exactly as if each had run its own
 * transaction one after the other: types are checked in ticket-type id order (the order the
 * database takes them), then the event's shared capacity. The database's conditional UPDATE stays
 * the guard; this only decides who in the batch gets the seats the locked rows say are left.
 */

export type Stock = { capacity: number | null; sold: number };
export type SeatAsk = { ticketTypeId: string; quantity: number }[];

export type Allocation =
  | { ok: true }
  | { ok: false; reason: 'type'; ticketTypeId: string; left: number }
  | { ok: false; reason: 'event'; left: number };

export function allocate(
  asks: SeatAsk[],
  stock: ReadonlyMap<string, Stock>,
  /** Seats left for the whole event (its capacity minus every type's sold), null without a cap. */
  eventLeft: number | null,
): Allocation[] {
  const sold = new Map([...stock].map(([id, s]) => [id, s.sold]));
  let event = eventLeft;
  return asks.map((ask) => {
    const wanted = [...ask]
      .filter((i) => i.quantity > 0)
      .sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId));
    for (const item of wanted) {
      const s = stock.get(item.ticketTypeId);
      // A type that is not there (deleted meanwhile) has no seats.
      if (!s) return { ok: false, reason: 'type', ticketTypeId: item.ticketTypeId, left: 0 };
      if (s.capacity === null) continue;
      const left = Math.max(0, s.capacity - (sold.get(item.ticketTypeId) ?? 0));
      if (item.quantity > left) return { ok: false, reason: 'type', ticketTypeId: item.ticketTypeId, left };
    }
    const seats = wanted.reduce((n, i) => n + i.quantity, 0);
    if (event !== null && seats > event) return { ok: false, reason: 'event', left: Math.max(0, event) };
    for (const item of wanted)
      sold.set(item.ticketTypeId, (sold.get(item.ticketTypeId) ?? 0) + item.quantity);
    if (event !== null) event -= seats;
    return { ok: true };
  });
}

/** Seats taken per type by the allocated asks: what the batch's one UPDATE adds. */
export function takenByType(asks: SeatAsk[], outcomes: Allocation[]): Map<string, number> {
  const taken = new Map<string, number>();
  asks.forEach((ask, i) => {
    if (!outcomes[i]?.ok) return;
    for (const item of ask) {
      if (item.quantity > 0)
        taken.set(item.ticketTypeId, (taken.get(item.ticketTypeId) ?? 0) + item.quantity);
    }
  });
  return taken;
}
