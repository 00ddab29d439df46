import { and, eq, inArray, isNull } from 'drizzle-orm';
import { addressLine } from '../../../contract/address';
import { formatNaira, koboToNaira } from '../../../contract/money';
import { formatTicketReference } from '../../../contract/ticketReference';
import type { MailAttachment } from '../../adapters/mail/mailer';
import { type Block, renderHtml, renderText, setPasswordMail } from '../../adapters/mail/templates';
import { issuedTickets, ticketTypes } from '../../db/schema';
import { ticketNameWithDate } from '../event-dates/data';
import { calendarFileName, eventToIcs } from '../events/calendar';
import { findEventById } from '../events/data';
import { latestForTypes } from '../guest-messages/service';
import { type EventRow, findEvent, findOrder, type IssuedTicketRow } from '../orders/data';
import type { CheckoutDeps } from '../orders/deps';
import { type LabelledAnswer, orderAnswersForMail } from '../questions/guestAnswers';
import { claimLinkFor } from '../users/quickCheckout';
import { ticketPdf } from './pdf';

const dateFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** 'Sat 14 March 2026, 18:00 – 23:00' (Lagos wall-clock, as the organiser entered it). */
export function eventWhen(e: Pick<EventRow, 'startDate' | 'endDate' | 'startTime' | 'endTime'>): string {
  const day = (d: string) => dateFormat.format(new Date(`${d}T00:00:00Z`));
  const start = e.startTime.slice(0, 5);
  const end = e.endTime.slice(0, 5);
  return e.startDate === e.endDate
    ? `${day(e.startDate)}, ${start} – ${end}`
    : `${day(e.startDate)} ${start} – ${day(e.endDate)} ${end}`;
}

export function eventWhere(
  e: Pick<EventRow, 'eventLocation' | 'location' | 'state' | 'country' | 'url'>,
): string {
  const place = addressLine([e.location, e.state, e.country]);
  if (e.eventLocation === 'online') return `Online${e.url ? `: ${e.url}` : ''}`;
  if (e.eventLocation === 'both') return `${place || 'Venue to be announced'} · also online`;
  return place || 'Venue to be announced';
}

/** The ticket's own link: its secret in the fragment, which browsers never send to a server. */
export function sharedTicketUrl(appUrl: string, shareToken: string): string {
  return `${appUrl}/t#${shareToken}`;
}

export function ticketFileName(eventName: string, seat: number): string {
  return calendarFileName(eventName).replace(/\.ics$/, `-ticket-${seat + 1}.pdf`);
}

type TicketWithName = { ticket: IssuedTicketRow; ticketName: string };

async function liveTickets(
  deps: CheckoutDeps,
  orderId: string,
  onlyIds?: string[],
): Promise<TicketWithName[]> {
  return deps.db
    .select({ ticket: issuedTickets, ticketName: ticketNameWithDate })
    .from(issuedTickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, issuedTickets.ticketTypeId))
    .where(
      and(
        eq(issuedTickets.orderId, orderId),
        isNull(issuedTickets.revokedAt),
        onlyIds ? inArray(issuedTickets.id, onlyIds) : undefined,
      ),
    )
    .orderBy(issuedTickets.seat);
}

/**
 * Sends the tickets: one email per address, listing every ticket for it with each ticket's PDF and
 * the event's .ics attached, plus the organiser's ticket e-mail message. The buyer receives all of
 * the order's tickets; each attendee given another address receives their own.
 * `onlyTicketIds` limits the mail to some tickets (a reissued ticket goes to its new holder only).
 */
export async function sendTicketEmails(deps: CheckoutDeps, orderId: string, onlyTicketIds?: string[]) {
  const order = await findOrder(deps.db, orderId);
  if (order?.status !== 'paid') return 0;
  const event = await findEvent(deps.db, order.eventId);
  const wireEvent = await findEventById(deps.db, order.eventId);
  if (!event || !wireEvent) return 0;
  const tickets = await liveTickets(deps, orderId, onlyTicketIds);
  if (tickets.length === 0) return 0;

  const recipients = new Map<string, { name: string; tickets: TicketWithName[] }>();
  const add = (email: string, name: string, t: TicketWithName) => {
    const key = email.toLowerCase();
    const entry = recipients.get(key) ?? { name, tickets: [] };
    if (!entry.tickets.includes(t)) entry.tickets.push(t);
    recipients.set(key, entry);
  };
  for (const t of tickets) {
    if (!onlyTicketIds) add(order.buyerEmail, order.buyerFirstName, t);
    add(t.ticket.attendeeEmail, t.ticket.attendeeFirstName, t);
  }

  const ics = Buffer.from(eventToIcs(wireEvent, deps.config.appUrl));
  const when = eventWhen(event);
  const where = eventWhere(event);
  const pdfs = new Map<string, Buffer>();
  for (const t of tickets) {
    pdfs.set(
      t.ticket.id,
      await ticketPdf({
        code: t.ticket.code,
        reference: t.ticket.reference,
        eventName: event.eventName,
        when,
        where,
        attendeeName: `${t.ticket.attendeeFirstName} ${t.ticket.attendeeLastName}`,
        ticketName: t.ticketName,
        orderReference: order.reference,
        testMode: order.testMode,
      }),
    );
  }

  // What the buyer answered at checkout (decision 045), repeated so they can check it: the order's
  // own answers to the buyer, each ticket's to whoever receives that ticket.
  const answers = await orderAnswersForMail(deps.db, orderId);
  const answerText = (list: readonly LabelledAnswer[]) =>
    list.map((a) => `${a.label}: ${a.value}`).join(' · ');

  // A quick-checkout buyer's ticket email doubles as the way to set a password (decision 038).
  const claim = await claimLinkFor(deps.db, deps.config.appUrl, order.buyerUserId);
  for (const [to, r] of recipients) {
    const count = r.tickets.length;
    // The organiser's latest word to these tickets' holders (decision 063): it is on each ticket's page.
    const latest = await latestForTypes(
      deps.db,
      order.eventId,
      r.tickets.map((t) => t.ticket.ticketTypeId),
    );
    const title = `Your ${count === 1 ? 'ticket' : `${count} tickets`} for ${event.eventName}`;
    const blocks: Block[] = [
      { kind: 'p', text: `${event.eventName} · ${when} · ${where}` },
      ...r.tickets.map((t): Block => {
        const own = answers.byTicket.get(t.ticket.id) ?? [];
        return {
          kind: 'p',
          text: `${t.ticketName} — ${t.ticket.attendeeFirstName} ${t.ticket.attendeeLastName} · ref ${formatTicketReference(t.ticket.reference)}${own.length ? ` · ${answerText(own)}` : ''}`,
        };
      }),
      ...(to === order.buyerEmail.toLowerCase() && answers.order.length > 0
        ? [{ kind: 'p', text: `Your answers: ${answerText(answers.order)}` } as Block]
        : []),
      { kind: 'p', text: 'Each ticket is attached as a PDF with its QR code; show it at the entrance.' },
      ...(event.ticketEmailMessage
        ? [{ kind: 'p', text: `From the organiser: ${event.ticketEmailMessage}` } as Block]
        : []),
      ...(latest
        ? [
            {
              kind: 'p',
              text: `The organiser's latest message to guests: "${latest.subject}". Read it on your ticket page (the link below).`,
            } as Block,
          ]
        : []),
      ...(order.testMode
        ? [{ kind: 'p', text: 'TEST order: paid in test mode, no money moved.' } as Block]
        : []),
      // Each ticket's own link opens it without an account, so it can be forwarded to its holder
      // (decision 040); it stops working when the ticket is transferred or renamed.
      ...r.tickets.map(
        (t): Block => ({
          kind: 'button',
          label:
            r.tickets.length === 1
              ? 'Open your ticket'
              : `Open ticket ${t.ticket.seat + 1} (${t.ticket.attendeeFirstName})`,
          href: sharedTicketUrl(deps.config.appUrl, t.ticket.shareToken),
        }),
      ),
      ...(claim && claim.email.toLowerCase() === to
        ? ([
            { kind: 'p', text: 'Set a password to see these tickets any time; it also confirms your email.' },
            { kind: 'button', label: 'Set your password', href: claim.href },
          ] as Block[])
        : []),
    ];
    const greeting = `Hello ${r.name},`;
    const footer = `Order ${order.reference}. Keep this email: the QR codes are your entry.`;
    const attachments: MailAttachment[] = [
      ...r.tickets.map((t) => ({
        filename: ticketFileName(event.eventName, t.ticket.seat),
        contentType: 'application/pdf',
        content: pdfs.get(t.ticket.id) as Buffer,
      })),
      { filename: calendarFileName(event.eventName), contentType: 'text/calendar', content: ics },
    ];
    await deps.mail.send({
      to,
      subject: title,
      text: renderText(title, greeting, blocks, footer),
      html: renderHtml(title, greeting, blocks, footer),
      attachments,
    });
  }
  // Tickets sent to another address than the account's: the link goes on its own.
  if (claim && !recipients.has(claim.email.toLowerCase()))
    await deps.mail.send(setPasswordMail({ to: claim.email, firstName: claim.firstName, link: claim.href }));
  return recipients.size;
}

/** The buyer's mail when a late payment could not get its seats back, or an order was cancelled and refunded. */
export async function sendRefundEmail(deps: CheckoutDeps, orderId: string) {
  const order = await findOrder(deps.db, orderId);
  if (!order) return;
  const event = await findEvent(deps.db, order.eventId);
  const title = `Refund for your ${event?.eventName ?? 'Gatepass'} order`;
  const blocks: Block[] = [
    {
      kind: 'p',
      text: order.statusMessage ?? `We are refunding ${formatNaira(koboToNaira(order.totalKobo))}.`,
    },
    {
      kind: 'p',
      text: 'Refunds reach your account within a few working days, depending on your bank.',
    },
    { kind: 'button', label: 'View your order', href: `${deps.config.appUrl}/orders/${order.id}` },
  ];
  const greeting = `Hello ${order.buyerFirstName},`;
  const footer = `Order ${order.reference}.`;
  await deps.mail.send({
    to: order.buyerEmail,
    subject: title,
    text: renderText(title, greeting, blocks, footer),
    html: renderHtml(title, greeting, blocks, footer),
  });
}
