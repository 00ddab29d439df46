import type { ContactRequest } from '../../../contract/contact';
import type { AppDeps } from '../../context';
import { contactMessages } from '../../db/schema';
import { escapeHtml } from './escapeHtml';

/**
 * A contact message is stored first (so nothing is lost even if mail is down), then emailed to the
 * team's inbox through the durable outbox, with the sender's address to reply to.
 */
export async function receiveContactMessage(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config'>,
  input: ContactRequest,
) {
  const [row] = await deps.db
    .insert(contactMessages)
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      message: input.message,
    })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });

  const name = `${input.firstName} ${input.lastName}`;
  const received = row!.createdAt.toISOString();
  await deps.mail.send({
    to: deps.config.contactInbox,
    subject: `Contact form: message from ${name}`,
    text: [
      `New message from the Gatepass contact form.`,
      ``,
      `From: ${name} <${input.email}>`,
      `Reply to: ${input.email}`,
      `Received: ${received}`,
      `Reference: ${row!.id}`,
      ``,
      input.message,
    ].join('\n'),
    html: [
      `<p>New message from the Gatepass contact form.</p>`,
      `<p><strong>From:</strong> ${escapeHtml(name)} &lt;<a href="mailto:${escapeHtml(input.email)}">${escapeHtml(input.email)}</a>&gt;<br>`,
      `<strong>Reply to:</strong> ${escapeHtml(input.email)}<br>`,
      `<strong>Received:</strong> ${escapeHtml(received)}<br>`,
      `<strong>Reference:</strong> ${escapeHtml(row!.id)}</p>`,
      `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
    ].join('\n'),
  });
  return row!;
}
