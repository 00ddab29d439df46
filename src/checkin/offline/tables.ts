import type { OfflineListResponse, OfflineTicket } from '../../../contract/checkin';
import type { DoorVerdict } from '../../../contract/doorVerdict';
import { tableFullMessage } from '../../../contract/tables';

/**
 * Tables on the door device with no network (decision 067): the downloaded list groups a table's
 * guests by type and table number, and this device's queued scans add the admissions it made since.
 * The same rules as the server's (server/modules/checkin/tables.ts): with one code per table, any
 * code of the table admits the next guest not yet in; the count is the table's guests in.
 */

type Queued = readonly { ticketId: string }[];

const matesOf = (list: OfflineListResponse, t: OfflineTicket) =>
  list.tickets
    .filter(
      (m) =>
        m.table &&
        t.table &&
        m.ticketTypeId === t.ticketTypeId &&
        m.table.number === t.table.number &&
        m.status !== 'cancelled' &&
        !list.revoked.includes(m.id),
    )
    .sort((a, b) => (a.table?.seat ?? 0) - (b.table?.seat ?? 0));

const isIn = (m: OfflineTicket, queued: Queued) =>
  m.checkedInAt !== null || queued.some((q) => q.ticketId === m.id);

/**
 * The ticket a scan of `ticketId` admits: itself, or for a one-code table the table's first guest
 * not yet in (itself when none is left, so the verdict says it is in already).
 */
export function tableGuestOnDevice(ticketId: string, list: OfflineListResponse, queued: Queued): string {
  const listed = list.tickets.find((t) => t.id === ticketId);
  if (!listed?.table?.oneCode || !isIn(listed, queued)) return ticketId;
  return matesOf(list, listed).find((m) => !isIn(m, queued))?.id ?? ticketId;
}

/**
 * The verdict with its table's count: guests in per the list and this device's queue, plus this
 * scan when it admitted (it is queued only after judging). A one-code table with all N in says so.
 */
export function withTableOnDevice(
  verdict: DoorVerdict,
  ticketId: string | null,
  list: OfflineListResponse,
  queued: Queued,
): DoorVerdict {
  const listed = ticketId ? list.tickets.find((t) => t.id === ticketId) : undefined;
  if (!listed?.table || !verdict.ticket) return verdict;
  const admitted =
    matesOf(list, listed).filter((m) => isIn(m, queued)).length + (verdict.result === 'checked_in' ? 1 : 0);
  const table = { number: listed.table.number, size: listed.table.size, admitted };
  const full = listed.table.oneCode && verdict.result === 'already_checked_in' && admitted >= table.size;
  return {
    ...verdict,
    ticket: { ...verdict.ticket, table },
    ...(full ? { message: tableFullMessage({ ticketName: verdict.ticket.ticketName, ...table }) } : {}),
  };
}
