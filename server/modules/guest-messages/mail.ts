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
};

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
  return {
    to: m.to,
    subject: title,
    text: renderText(title, greeting, blocks, footer),
    html: renderHtml(title, greeting, blocks, footer),
  };
}
