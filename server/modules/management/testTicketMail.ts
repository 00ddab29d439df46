import { addressLine } from '../../../contract/address';
import type { OrganiserEvent } from '../../../contract/organiser';
import type { MailMessage } from '../../adapters/mail/mailer';
import { escapeHtml } from '../../adapters/mail/templates';

const BRAND = '#046c4e';

function when(event: OrganiserEvent): string {
  const date = new Date(`${event.startDate}T12:00:00Z`).toLocaleDateString('en-NG', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${date}, ${event.startTime} (Lagos time)`;
}

function where(event: OrganiserEvent): string {
  const place = addressLine([event.location, event.state, event.country]);
  if (event.eventLocation === 'online') return `Online: ${event.url ?? ''}`;
  if (event.eventLocation === 'both') return `${place} and online`;
  return place;
}

/**
 * The organiser's 'Send test': the ticket e-mail of this event as a buyer would get it, with the
 * organiser's message, clearly marked as a test with a sample ticket (no real ticket or QR code is
 * issued, so it can never admit anyone).
 */
export function testTicketMail(opts: {
  to: string;
  event: OrganiserEvent;
  ticketName: string;
  appUrl: string;
}): MailMessage {
  const { event } = opts;
  const subject = `[TEST] Your ticket for ${event.eventName}`;
  const message = event.ticketEmailMessage.trim();
  const eventUrl = `${opts.appUrl}/event-details/${event._id}`;
  const lines = [
    'This is a test of your ticket e-mail. It is not a ticket and admits nobody.',
    '',
    `Event: ${event.eventName}`,
    `When: ${when(event)}`,
    `Where: ${where(event)}`,
    `Ticket: ${opts.ticketName} × 1 (sample)`,
    '',
    ...(message ? ['A message from the organiser:', message, ''] : []),
    `Event page: ${eventUrl}`,
    '',
    '— Gatepass',
  ];
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 12px 4px 0;color:#6b7280;font-size:14px">${escapeHtml(label)}</td><td style="padding:4px 0;font-size:14px;color:#111827">${escapeHtml(value)}</td></tr>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f3f4f6;padding:24px 0"><tr><td align="center">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND};padding:20px 32px;color:#ffffff;font-size:22px;font-weight:700">Gatepass</td></tr>
<tr><td style="padding:12px 32px;background:#fef3c7;color:#92400e;font-size:14px;font-weight:700">TEST E-MAIL: this is not a ticket and admits nobody.</td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:22px;color:#111827">${escapeHtml(event.eventName)}</h1>
<table role="presentation" cellspacing="0" cellpadding="0">${row('When', when(event))}${row('Where', where(event))}${row('Ticket', `${opts.ticketName} × 1 (sample)`)}</table>
${
  message
    ? `<div style="margin:24px 0;padding:16px;border-left:4px solid ${BRAND};background:#f9fafb"><p style="margin:0 0 8px;font-size:13px;color:#6b7280">A message from the organiser</p><p style="margin:0;font-size:15px;line-height:22px;color:#1f2937;white-space:pre-line">${escapeHtml(message)}</p></div>`
    : ''
}
<p style="margin:24px 0 0"><a href="${escapeHtml(eventUrl)}" style="color:${BRAND}">View the event page</a></p>
</td></tr>
<tr><td style="padding:16px 32px;background:#f9fafb;font-size:12px;color:#6b7280">Gatepass · Events and tickets across Nigeria</td></tr>
</table></td></tr></table>
</body></html>`;
  return { to: opts.to, subject, text: lines.join('\n'), html };
}
