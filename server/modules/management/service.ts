import type { GuestlistQuery, GuestlistResponse, GuestRow, SalesResponse } from '../../../contract/organiser';
import type { CheckinChartsResponse, SalesChartsResponse } from '../../../contract/organiserCharts';
import type { AppDeps } from '../../context';
import {
  CHECKIN_ROLES,
  GUESTLIST_ROLES,
  MANAGING_ROLES,
  manageableEvent,
  roleOn,
  SALES_ROLES,
} from '../access/eventAccess';
import { seesContact } from '../access/permissions';
import { lagosToUtcMs } from '../events/calendar';
import { organiserEventView, organiserTickets } from '../organiser/views';
import { promoterTicketsByDay, salesByPromoter } from '../promoters/salesByPromoter';
import { guestAnswersOf } from '../questions/guestAnswers';
import { checkinCharts, salesCharts } from './chartQueries';
import { guestlistCsv } from './guestlistCsv';
import { guestlist, salesReport } from './orderQueries';
import { salesCsv } from './salesCsv';
import { payoutStatement, payoutStatementCsv } from './statement';
import { testTicketMail } from './testTicketMail';

/** A guest-list line without the buyer's email and the emails of its ticket changes ('' where withheld). */
function withoutContact(row: GuestRow): GuestRow {
  return {
    ...row,
    email: '',
    changes: row.changes.map((c) => ({ ...c, fromEmail: '', toEmail: '' })),
  };
}

export async function eventGuestlist(
  deps: AppDeps,
  userId: string,
  eventId: string,
  filter: GuestlistQuery,
): Promise<GuestlistResponse> {
  const event = await manageableEvent(deps.db, eventId, userId, GUESTLIST_ROLES);
  const listed = await guestlist(deps.db, eventId, filter);
  // The door needs names, tickets and check-ins, not how to reach a guest (decision 048).
  const role = await roleOn(deps.db, event, userId);
  const rows = role && seesContact('event.guestlist', role) ? listed : listed.map(withoutContact);
  return {
    rows,
    answers: await guestAnswersOf(deps.db, eventId, rows),
    totals: {
      // A line refunded in full is listed (marked) but no longer an order of the event's.
      orders: new Set(rows.filter((r) => r.quantity > 0).map((r) => r.orderId)).size,
      tickets: rows.reduce((n, r) => n + r.quantity, 0),
      checkedIn: rows.reduce((n, r) => n + r.checkedIn, 0),
    },
  };
}

export async function eventGuestlistCsv(
  deps: AppDeps,
  userId: string,
  eventId: string,
  filter: GuestlistQuery,
): Promise<string> {
  await manageableEvent(deps.db, eventId, userId, GUESTLIST_ROLES);
  const rows = await guestlist(deps.db, eventId, filter);
  return guestlistCsv(rows, await guestAnswersOf(deps.db, eventId, rows));
}

export async function eventSales(deps: AppDeps, userId: string, eventId: string): Promise<SalesResponse> {
  await manageableEvent(deps.db, eventId, userId, SALES_ROLES);
  const [report, byPromoter] = await Promise.all([
    salesReport(deps.db, eventId),
    salesByPromoter(deps.db, eventId),
  ]);
  return { ...report, byPromoter };
}

/** 'Send test': a real ticket e-mail of this event (marked as a test) through the mailer. */
export async function sendTestTicketEmail(
  deps: AppDeps,
  userId: string,
  eventId: string,
  to: string,
): Promise<string> {
  await manageableEvent(deps.db, eventId, userId, MANAGING_ROLES);
  const event = await organiserEventView(deps.db, eventId);
  const [firstType] = await organiserTickets(deps.db, eventId);
  await deps.mail.send(
    testTicketMail({
      to,
      event,
      ticketName: firstType?.ticketName ?? 'General admission',
      appUrl: deps.config.appUrl,
    }),
  );
  return `Test email sent to ${to}`;
}

/** When the event starts (Lagos wall clock as stored → the instant). */
const eventStart = (row: { startDate: string; startTime: string }) =>
  new Date(lagosToUtcMs(row.startDate, row.startTime));

export async function eventSalesCharts(
  deps: AppDeps,
  userId: string,
  eventId: string,
): Promise<SalesChartsResponse> {
  const event = await manageableEvent(deps.db, eventId, userId, SALES_ROLES);
  return salesCharts(deps.db, eventId, eventStart(event));
}

export async function eventSalesCsv(deps: AppDeps, userId: string, eventId: string): Promise<string> {
  const charts = await eventSalesCharts(deps, userId, eventId);
  return salesCsv(charts, await promoterTicketsByDay(deps.db, eventId));
}

/** The payout statement (JSON and CSV): the Sales tab's team reads it. */
export async function eventStatement(deps: AppDeps, userId: string, eventId: string) {
  await manageableEvent(deps.db, eventId, userId, SALES_ROLES);
  return payoutStatement(deps.db, eventId);
}

export async function eventStatementCsv(deps: AppDeps, userId: string, eventId: string): Promise<string> {
  await manageableEvent(deps.db, eventId, userId, SALES_ROLES);
  return payoutStatementCsv(deps.db, eventId);
}

export async function eventCheckinCharts(
  deps: AppDeps,
  userId: string,
  eventId: string,
): Promise<CheckinChartsResponse> {
  await manageableEvent(deps.db, eventId, userId, CHECKIN_ROLES);
  return checkinCharts(deps.db, eventId);
}
