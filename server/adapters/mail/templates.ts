import type { MailMessage } from './mailer';

/**
 * Account emails: plain, branded HTML (inline styles and tables, because mail clients ignore
 * stylesheets) plus a text part carrying the same link or code, for clients that show text only.
 */

const BRAND = '#046c4e';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export type Block =
  | { kind: 'p'; text: string }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'code'; code: string }
  /** A quiet line with a plain link (an unsubscribe), not a call to action. */
  | { kind: 'note'; text: string; label: string; href: string };

export function renderHtml(title: string, greeting: string, blocks: Block[], footer: string): string {
  const body = blocks
    .map((b) => {
      if (b.kind === 'p')
        return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(b.text)}</p>`;
      if (b.kind === 'button')
        return `<p style="margin:24px 0"><a href="${escapeHtml(b.href)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 24px;border-radius:8px">${escapeHtml(b.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#6b7280">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(b.href)}" style="color:${BRAND};word-break:break-all">${escapeHtml(b.href)}</a></p>`;
      if (b.kind === 'note')
        return `<p style="margin:24px 0 0;font-size:13px;line-height:20px;color:#6b7280">${escapeHtml(b.text)} <a href="${escapeHtml(b.href)}" style="color:${BRAND}">${escapeHtml(b.label)}</a></p>`;
      return `<p style="margin:24px 0;font-size:32px;letter-spacing:8px;font-weight:700;color:${BRAND};font-family:'Courier New',monospace">${escapeHtml(b.code)}</p>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f3f4f6;padding:24px 0"><tr><td align="center">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND};padding:20px 32px;color:#ffffff;font-size:22px;font-weight:700">Gatepass</td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:22px;color:#111827">${escapeHtml(title)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(greeting)}</p>
${body}
<p style="margin:24px 0 0;font-size:13px;line-height:20px;color:#6b7280">${escapeHtml(footer)}</p>
</td></tr>
<tr><td style="padding:16px 32px;background:#f9fafb;font-size:12px;color:#6b7280">Gatepass · Events and tickets across Nigeria</td></tr>
</table></td></tr></table>
</body></html>`;
}

export function renderText(title: string, greeting: string, blocks: Block[], footer: string): string {
  const body = blocks.map((b) =>
    b.kind === 'p'
      ? b.text
      : b.kind === 'button'
        ? `${b.label}: ${b.href}`
        : b.kind === 'note'
          ? `${b.text} ${b.label}: ${b.href}`
          : `Your code: ${b.code}`,
  );
  return [title, '', greeting, '', ...body.flatMap((line) => [line, '']), footer, '', '— Gatepass'].join(
    '\n',
  );
}

function message(
  to: string,
  subject: string,
  greeting: string,
  blocks: Block[],
  footer: string,
): MailMessage {
  return {
    to,
    subject,
    text: renderText(subject, greeting, blocks, footer),
    html: renderHtml(subject, greeting, blocks, footer),
  };
}

export function verifyEmailMail(opts: { to: string; firstName: string; link: string }): MailMessage {
  return message(
    opts.to,
    'Verify your email address',
    `Hi ${opts.firstName},`,
    [
      {
        kind: 'p',
        text: 'Welcome to Gatepass! Please confirm that this is your email address to finish creating your account.',
      },
      { kind: 'button', label: 'Verify email address', href: opts.link },
      { kind: 'p', text: 'This link expires in 24 hours and can be used once.' },
    ],
    'If you did not create a Gatepass account, you can ignore this email.',
  );
}

export function changeEmailMail(opts: { to: string; firstName: string; link: string }): MailMessage {
  return message(
    opts.to,
    'Confirm your new email address',
    `Hi ${opts.firstName},`,
    [
      {
        kind: 'p',
        text: 'You asked to use this address for your Gatepass account. Confirm it to make the change.',
      },
      { kind: 'button', label: 'Confirm new email address', href: opts.link },
      {
        kind: 'p',
        text: 'This link expires in 24 hours and can be used once. Until then your account keeps its current email address.',
      },
    ],
    'If you did not ask for this change, you can ignore this email.',
  );
}

export function resetCodeMail(opts: { to: string; firstName: string; code: string }): MailMessage {
  return message(
    opts.to,
    'Your Gatepass password reset code',
    `Hi ${opts.firstName},`,
    [
      { kind: 'p', text: 'Use this 6-digit code to reset your password:' },
      { kind: 'code', code: opts.code },
      {
        kind: 'p',
        text: 'The code expires in 5 minutes. Never share it with anyone: Gatepass will never ask you for it.',
      },
    ],
    'If you did not ask to reset your password, you can ignore this email; your password stays the same.',
  );
}

export function passwordChangedMail(opts: { to: string; firstName: string; appUrl: string }): MailMessage {
  return message(
    opts.to,
    'Your Gatepass password was changed',
    `Hi ${opts.firstName},`,
    [
      {
        kind: 'p',
        text: 'The password of your Gatepass account was just changed, and your other sessions were signed out.',
      },
      {
        kind: 'p',
        text: `If this was not you, reset your password now at ${opts.appUrl}/forgot-password and check your account.`,
      },
    ],
    'You are receiving this because it concerns the security of your account.',
  );
}

/** A quick-checkout account's way in (decision 038): set a password, which also confirms the email. */
export function setPasswordMail(opts: { to: string; firstName: string; link: string }): MailMessage {
  return message(
    opts.to,
    'Set your Gatepass password',
    `Hi ${opts.firstName},`,
    [
      {
        kind: 'p',
        text: 'You bought tickets on Gatepass with this email. Set a password to see them any time and to buy faster next time.',
      },
      { kind: 'button', label: 'Set your password', href: opts.link },
      { kind: 'p', text: 'This link works once and expires in 14 days.' },
    ],
    'If you did not buy tickets on Gatepass, you can ignore this email.',
  );
}

/** To the previous holder and the buyer when a ticket goes to someone else (decision 040): their record of it. */
export function ticketTransferredMail(opts: {
  to: string;
  firstName: string;
  eventName: string;
  toName: string;
  toEmail: string;
  orderReference: string;
  /** Only the buyer can open the order. */
  orderLink: string | null;
}): MailMessage {
  return message(
    opts.to,
    `A ticket for ${opts.eventName} was transferred`,
    `Hello ${opts.firstName},`,
    [
      {
        kind: 'p',
        text: `The ticket held by you or bought by you for ${opts.eventName} now belongs to ${opts.toName} (${opts.toEmail}). They received it by email with a new QR code; the old one no longer admits anyone.`,
      },
      ...(opts.orderLink ? [{ kind: 'button', label: 'View the order', href: opts.orderLink } as Block] : []),
      {
        kind: 'p',
        text: 'If you did not ask for this, reply to this email or contact the organiser at once.',
      },
    ],
    `Order ${opts.orderReference}.`,
  );
}

/** A waiting-list offer (decision 042): seats held for this person until `until`; the link is the held order's checkout. */
export function waitlistOfferMail(opts: {
  to: string;
  firstName: string;
  eventName: string;
  ticketName: string;
  quantity: number;
  minutes: number;
  link: string;
}): MailMessage {
  const seats = opts.quantity === 1 ? '1 seat' : `${opts.quantity} seats`;
  return message(
    opts.to,
    `Seats for ${opts.eventName} are held for you`,
    `Hello ${opts.firstName},`,
    [
      {
        kind: 'p',
        text: `Good news: ${seats} of ${opts.ticketName} came back and you were next on the waiting list. They are held for you for ${opts.minutes} minutes.`,
      },
      { kind: 'button', label: 'Claim your tickets', href: opts.link },
      {
        kind: 'p',
        text: 'If you do not pay before the time is up, the seats go to the next person on the list.',
      },
    ],
    'You received this because you joined the waiting list on Gatepass.',
  );
}

/** An invitation to help run an event (decision 043): the accept link carries its token in the fragment. */
export function teamInvitationMail(opts: {
  to: string;
  inviterName: string;
  eventName: string;
  roleLabel: string;
  roleDuties: string;
  link: string;
  days: number;
}): MailMessage {
  return message(
    opts.to,
    `You're invited to help run ${opts.eventName}`,
    'Hello,',
    [
      {
        kind: 'p',
        text: `${opts.inviterName} invited you to the team of ${opts.eventName} on Gatepass as ${opts.roleLabel}: ${opts.roleDuties}`,
      },
      { kind: 'button', label: 'Accept the invitation', href: opts.link },
      {
        kind: 'p',
        text: `Sign in (or create an account) with this email address to accept. The invitation expires in ${opts.days} days.`,
      },
    ],
    'If you do not know the organiser, you can ignore this email.',
  );
}
