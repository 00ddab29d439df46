import type { MailMessage } from '../../adapters/mail/mailer';
import { type Block, renderHtml, renderText } from '../../adapters/mail/templates';

/** "24 Nov 2026, 23:05 (Lagos time)": Lagos is UTC+1 all year. */
export function lagosWhen(instant: Date): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(instant);
  return `${text} (Lagos time)`;
}

/**
 * Tells the account holder that their payout account was set or changed: which bank and the last
 * four digits (never the full number), when, and what to do if it was not them. Sent to the
 * account's own email, so someone using a stolen session cannot hide the change.
 */
export function payoutChangedMail(opts: {
  to: string;
  firstName: string;
  bankName: string;
  last4: string;
  at: Date;
  firstAccount: boolean;
  appUrl: string;
}): MailMessage {
  const subject = opts.firstAccount
    ? 'A payout account was added to your Gatepass account'
    : 'Your Gatepass payout account was changed';
  const what = opts.firstAccount ? 'was added' : 'was changed';
  const blocks: Block[] = [
    {
      kind: 'p',
      text: `The payout account of your Gatepass account ${what} on ${lagosWhen(opts.at)}. Ticket money now goes to ${opts.bankName}, account ending ${opts.last4}.`,
    },
    {
      kind: 'p',
      text: `If this was not you, reset your password now at ${opts.appUrl}/forgot-password (this signs out every session), then set your payout account back under Account settings → Payouts, and contact us at once.`,
    },
  ];
  const greeting = `Hi ${opts.firstName},`;
  const footer = 'You are receiving this because it concerns where your ticket money is paid.';
  return {
    to: opts.to,
    subject,
    text: renderText(subject, greeting, blocks, footer),
    html: renderHtml(subject, greeting, blocks, footer),
  };
}
