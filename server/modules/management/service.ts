import type { GuestlistQuery, GuestlistResponse, SalesResponse } from '../../../contract/organiser';
import type { AppDeps } from '../../context';
import { manageableEvent } from '../access/eventAccess';
import { organiserEventView, organiserTickets } from '../organiser/views';
import { guestlistCsv } from './guestlistCsv';
import { guestlist, salesReport } from './orderQueries';
import { testTicketMail } from './testTicketMail';

export async function eventGuestlist(
  deps: AppDeps,
  userId: string,
  eventId: string,
  filter: GuestlistQuery,
): Promise<GuestlistResponse> {
  await manageableEvent(deps.db, eventId, userId);
  const rows = await guestlist(deps.db, eventId, filter);
  return {
    rows,
    totals: {
      orders: new Set(rows.map((r) => r.orderId)).size,
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
  await manageableEvent(deps.db, eventId, userId);
  return guestlistCsv(await guestlist(deps.db, eventId, filter));
}

export async function eventSales(deps: AppDeps, userId: string, eventId: string): Promise<SalesResponse> {
  await manageableEvent(deps.db, eventId, userId);
  return salesReport(deps.db, eventId);
}

/** 'Send test': a real ticket e-mail of this event (marked as a test) through the mailer. */
export async function sendTestTicketEmail(
  deps: AppDeps,
  userId: string,
  eventId: string,
  to: string,
): Promise<string> {
  await manageableEvent(deps.db, eventId, userId);
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
