import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import {
  type CashUpGroup,
  type CashUpResponse,
  type MethodTotals,
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../../contract/boxOffice';
import { koboToNaira } from '../../../contract/money';
import type { Database } from '../../db/client';
import { doorSales } from '../../db/schema';
import { neutraliseFormula } from '../management/guestlistCsv';
import { heldSeats, releaseExpired } from './allowances';

/**
 * End of the night (decision 062): door sales summed per device and per staff member, each split by
 * payment method (sales, tickets, ₦), from `door_sales` alone, so what a device's till should hold is
 * what its uploaded sales say. Amounts are summed in kobo and turned into naira once.
 */

type Sum = { sales: number; tickets: number; kobo: number };
const zero = (): Sum => ({ sales: 0, tickets: 0, kobo: 0 });

class Group {
  readonly byMethod = new Map<PaymentMethod, Sum>(PAYMENT_METHODS.map((m) => [m, zero()]));
  constructor(
    readonly name: string,
    readonly gate: string | null,
  ) {}
  add(method: PaymentMethod, tickets: number, kobo: number) {
    const s = this.byMethod.get(method) as Sum;
    s.sales += 1;
    s.tickets += tickets;
    s.kobo += kobo;
  }
  methods(): MethodTotals[] {
    return PAYMENT_METHODS.map((method) => {
      const s = this.byMethod.get(method) as Sum;
      return { method, sales: s.sales, tickets: s.tickets, amount: koboToNaira(s.kobo) };
    });
  }
  wire(): CashUpGroup {
    const all = [...this.byMethod.values()].reduce(
      (a, s) => ({ sales: a.sales + s.sales, tickets: a.tickets + s.tickets, kobo: a.kobo + s.kobo }),
      zero(),
    );
    return {
      name: this.name,
      gate: this.gate,
      methods: this.methods(),
      sales: all.sales,
      tickets: all.tickets,
      amount: koboToNaira(all.kobo),
    };
  }
}

export async function cashUp(db: Database, eventId: string): Promise<CashUpResponse> {
  await releaseExpired(db, eventId);
  const rows = await db
    .select()
    .from(doorSales)
    .where(eq(doorSales.eventId, eventId))
    .orderBy(doorSales.soldAt, doorSales.id);
  const devices = new Map<string, Group>();
  const staff = new Map<string, Group>();
  const total = new Group('All door sales', null);
  for (const r of rows) {
    const deviceKey = r.deviceId;
    const device =
      devices.get(deviceKey) ??
      new Group(r.device ?? `Device ${r.deviceId.slice(0, 4).toUpperCase()}`, r.gate);
    devices.set(deviceKey, device);
    const staffKey = r.userId ? `user:${r.userId}` : r.linkId ? `link:${r.linkId}` : `name:${r.staffName}`;
    const person = staff.get(staffKey) ?? new Group(r.staffName, r.gate);
    staff.set(staffKey, person);
    for (const g of [device, person, total]) g.add(r.method, r.tickets, r.totalKobo);
  }
  const t = total.wire();
  return {
    byDevice: [...devices.values()].map((g) => g.wire()),
    byStaff: [...staff.values()].map((g) => g.wire()),
    totals: { methods: t.methods, sales: t.sales, tickets: t.tickets, amount: t.amount },
    heldSeats: await heldSeats(db, eventId),
  };
}

export const CASH_UP_CSV_COLUMNS = [
  'Group',
  'Name',
  'Gate',
  'Payment method',
  'Sales',
  'Tickets',
  'Amount (NGN)',
];

/** cash-up.csv: one row per device or staff member and payment method, then the totals; like sales.csv (BOM, CRLF). */
export function cashUpCsv(c: CashUpResponse): string {
  const rows = [
    ...c.byDevice.flatMap((g) => groupRows('Device', g)),
    ...c.byStaff.flatMap((g) => groupRows('Staff', g)),
    ...c.totals.methods.map((m) => [
      'Total',
      'All door sales',
      '',
      PAYMENT_METHOD_NAMES[m.method],
      m.sales,
      m.tickets,
      m.amount.toFixed(2),
    ]),
  ];
  return stringify(rows, {
    header: true,
    columns: CASH_UP_CSV_COLUMNS,
    bom: true,
    record_delimiter: 'windows',
  });
}

function groupRows(kind: string, g: CashUpGroup) {
  return g.methods.map((m) => [
    kind,
    neutraliseFormula(g.name),
    neutraliseFormula(g.gate ?? ''),
    PAYMENT_METHOD_NAMES[m.method],
    m.sales,
    m.tickets,
    m.amount.toFixed(2),
  ]);
}
