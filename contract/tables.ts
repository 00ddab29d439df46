/**
 * Tables for N (decision 067): the words every screen uses for a table type, so the event page,
 * checkout, the ticket page and the door say the same thing.
 */

export type TableShape = { ticketName: string; tableSize?: number | null };

/** A ticket type that is a table: its size; null for one admission per unit. */
export const tableSizeOf = (t: { tableSize?: number | null }): number | null =>
  t.tableSize && t.tableSize >= 2 ? t.tableSize : null;

/** "Gold table for 10" (a name that already says "table" keeps its words: "Gold table" → "Gold table for 10"). */
export function tableTitle(t: TableShape): string {
  const size = tableSizeOf(t);
  if (!size) return t.ticketName;
  const named = /\btable\b/i.test(t.ticketName) ? t.ticketName : `${t.ticketName} table`;
  return `${named} for ${size}`;
}

/** "Gold table for 10 — ₦500,000 per table", the price given as the fee mode shows it. */
export const tablePriceLine = (t: TableShape, priceLabel: string): string =>
  `${tableTitle(t)} — ${priceLabel} per table`;

/** Seats of a count of tables: "3 tables · 30 seats"; a plain type's count as it is. */
export function tablesAndSeats(count: number, tableSize: number | null | undefined): string {
  const size = tableSize && tableSize >= 2 ? tableSize : null;
  if (!size) return String(count);
  return `${count} table${count === 1 ? '' : 's'} · ${count * size} seats`;
}

/** What the door says of a table guest: "Gold 3 — 4 of 10 in". */
export const tableDoorLine = (t: {
  ticketName: string;
  table: { number: number; size: number; admitted: number };
}) => `${t.ticketName} ${t.table.number} — ${t.table.admitted} of ${t.table.size} in`;

/** "Table 3 · guest 4 of 10" on a guest's ticket. */
export const tableSeatLine = (table: { number: number; seat: number; size: number }) =>
  `Table ${table.number} · guest ${table.seat + 1} of ${table.size}`;

/** A one-code table whose N guests are all in: what the door says to the code shown again. */
export const tableFullMessage = (t: { ticketName: string; number: number; size: number }) =>
  `All ${t.size} of ${t.ticketName} ${t.number} are already in.`;
