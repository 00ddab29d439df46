import { stringify } from 'csv-stringify/sync';
import { instantToLagos } from '../../../contract/lagosTime';
import { GUESTLIST_CSV_COLUMNS, type GuestRow } from '../../../contract/organiser';
import type { GuestAnswers } from '../../../contract/questions';

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe: buyer names are typed by strangers, and opening the export must not execute them.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const lagos = (iso: string) => instantToLagos(new Date(iso)).replace('T', ' ');

/**
 * When the line's tickets were checked in: one time for one ticket; for several, each checked-in
 * ticket's time in seat order, '; '-separated; empty while nobody on the line is in.
 */
function checkedInAt(row: GuestRow): string {
  return row.tickets.flatMap((t) => (t.checkedInAt ? [lagos(t.checkedInAt)] : [])).join('; ');
}

/**
 * guestlist.csv: the columns the Guestlist tab shows, RFC 4180 quoting by csv-stringify (commas,
 * quotes and line breaks inside names survive), UTF-8 with a byte-order mark so Excel reads ₦ and
 * accented names correctly, CRLF line ends. Dates (Order Date, Checked In At) are Lagos time,
 * 'YYYY-MM-DD HH:MM'. Then one column per checkout question (decision 045): a per-order answer, or
 * the line's tickets' answers in seat order, '; '-separated.
 */
export function guestlistCsv(rows: GuestRow[], answers?: GuestAnswers): string {
  const questions = answers?.questions ?? [];
  const answerOf = (list: GuestAnswers['byOrder'][string] | undefined, id: string) =>
    list?.find((a) => a.questionId === id)?.value;
  const answerCells = (r: GuestRow) =>
    questions.map((q) =>
      neutraliseFormula(
        q.scope === 'order'
          ? (answerOf(answers?.byOrder[r.orderId], q.id) ?? '')
          : r.tickets.flatMap((t) => answerOf(answers?.byTicket[t.id], q.id) ?? []).join('; '),
      ),
    );
  return stringify(
    rows.map((r) => [
      neutraliseFormula(r.ticketName),
      r.quantity,
      neutraliseFormula(r.purchasedBy),
      r.orderNumber,
      lagos(r.orderDate),
      checkedInAt(r),
      ...answerCells(r),
    ]),
    {
      header: true,
      columns: [...GUESTLIST_CSV_COLUMNS, ...questions.map((q) => q.label)],
      bom: true,
      record_delimiter: 'windows',
    },
  );
}
