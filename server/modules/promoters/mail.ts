import type { MailMessage } from '../../adapters/mail/mailer';
import { type Block, renderHtml, renderText } from '../../adapters/mail/templates';

/** The promoter's invitation (decision 064): their links, their terms, and where to see their figures. */
export function promoterInvitationMail(opts: {
  to: string;
  promoterName: string;
  organiserName: string;
  eventName: string;
  terms: string;
  link: string;
  shortLink: string;
  pageLink: string;
}): MailMessage {
  const title = `Promote ${opts.eventName} on Gatepass`;
  const greeting = `Hello ${opts.promoterName},`;
  const blocks: Block[] = [
    {
      kind: 'p',
      text: `${opts.organiserName} added you as a promoter of ${opts.eventName}: you earn ${opts.terms} on the tickets bought through your link.`,
    },
    { kind: 'p', text: `Your short link: ${opts.shortLink}` },
    { kind: 'button', label: 'Open your link', href: opts.link },
    {
      kind: 'p',
      text: 'Sign in (or create an account) with this email address to see your clicks, orders and commission. Add a payout account under Account settings → Payouts to be paid automatically with each sale.',
    },
    { kind: 'button', label: 'See your figures', href: opts.pageLink },
  ];
  const footer = 'If you do not know the organiser, you can ignore this email.';
  return {
    to: opts.to,
    subject: title,
    text: renderText(title, greeting, blocks, footer),
    html: renderHtml(title, greeting, blocks, footer),
  };
}
