import type { MailMessage } from '../../adapters/mail/mailer';
import { type Block, renderHtml, renderText } from '../../adapters/mail/templates';

/**
 * The email a guest receives (decision 063). The organiser's words are plain text: each line becomes
 * its own paragraph and every character is escaped by the shared template (renderHtml), so a message
 * carrying `<script>` or a link tag reaches the guest as those characters, never as markup.
 */
export type MessageMailInput = {
  to: string;
  firstName: string;
  eventName: string;
  subject: string;
  body: string;
  sentByName: string;
  /** Where the guest's tickets are (and the message with them). */
  ticketsUrl: string;
  test?: boolean;
  /** This address's unsubscribe links for the event (absent on a test to the sender). */
  unsubscribe?: { page: string; oneClick: string };
};

/**
 * The two ways out (decision 070): the page in the footer's link, whose token rides in the fragment
 * so it never reaches a server log; and List-Unsubscribe's one-click POST (RFC 8058), which mail apps
 * send to the API with the token as a query value (logged requests keep no query values).
 */
export function unsubscribeLinks(appUrl: string, token: string) {
  return {
    page: `${appUrl}/unsubscribe#${token}`,
    oneClick: `${appUrl}/api/guest-messages/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
  };
}

export function bodyBlocks(body: string): Block[] {
  return body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => ({ kind: 'p', text: line }));
}

export function guestMessageMail(m: MessageMailInput): MailMessage {
  const title = `${m.test ? '[Test] ' : ''}${m.subject}`;
  const greeting = `Hello ${m.firstName},`;
  const blocks: Block[] = [
    { kind: 'p', text: `A message from the organiser of ${m.eventName}:` },
    ...bodyBlocks(m.body),
    { kind: 'p', text: `— ${m.sentByName}` },
    ...(m.test
      ? [{ kind: 'p', text: 'This is a test sent only to you; your guests have not received it.' } as Block]
      : []),
    { kind: 'button', label: 'Open your tickets', href: m.ticketsUrl },
  ];
  const footer = `You hold a ticket for ${m.eventName} on Gatepass, so the organiser can write to you about it.`;
  if (m.unsubscribe)
    blocks.push({
      kind: 'note',
      text: `No more messages from the organiser of ${m.eventName}? Your tickets stay valid and their emails still come.`,
      label: 'Unsubscribe',
      href: m.unsubscribe.page,
    });
  return {
    to: m.to,
    subject: title,
    text: renderText(title, greeting, blocks, footer),
    html: renderHtml(title, greeting, blocks, footer),
    ...(m.unsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${m.unsubscribe.oneClick}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
