import { stringify } from 'csv-stringify/sync';
import { instantToLagos } from '../../../contract/lagosTime';
import { GUESTLIST_CSV_COLUMNS, type GuestRow } from '../../../contract/organiser';

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe: buyer names are typed by strangers, and opening the export must not execute them.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * guestlist.csv: the columns the Guestlist tab shows, RFC 4180 quoting by csv-stringify (commas,
 * quotes and line breaks inside names survive), UTF-8 with a byte-order mark so Excel reads ₦ and
 * accented names correctly, CRLF line ends. Dates are Lagos time, 'YYYY-MM-DD HH:MM'.
 */
export function guestlistCsv(rows: GuestRow[]): string {
  return stringify(
    rows.map((r) => [
      neutraliseFormula(r.ticketName),
      r.quantity,
      neutraliseFormula(r.purchasedBy),
      r.orderNumber,
      instantToLagos(new Date(r.orderDate)).replace('T', ' '),
    ]),
    { header: true, columns: [...GUESTLIST_CSV_COLUMNS], bom: true, record_delimiter: 'windows' },
  );
}
