import type { NewsletterRequest } from '../../../contract/newsletter';
import type { AppDeps } from '../../context';
import { newsletterSubscribers } from '../../db/schema';
import { escapeHtml } from '../contact/escapeHtml';

/**
 * Subscribes an address to the events newsletter. One row per address, whatever its case (the
 * unique index is on lower(email)), so subscribing twice is harmless: the second call changes
 * nothing and sends no second confirmation. Returns whether a new subscription was created.
 */
export async function subscribe(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config'>,
  input: NewsletterRequest,
): Promise<{ created: boolean }> {
  const inserted = await deps.db
    .insert(newsletterSubscribers)
    .values({ name: input.name, email: input.email })
    // The only unique constraints are the id and lower(email): a conflict means "already subscribed".
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length === 0) return { created: false };

  const eventsUrl = `${deps.config.appUrl}/events/all`;
  await deps.mail.send({
    to: input.email,
    subject: 'You’re subscribed to the Gatepass events newsletter',
    text: [
      `Hi ${input.name},`,
      ``,
      `Thanks for subscribing to the Gatepass events newsletter. Every couple of weeks we’ll send you`,
      `the concerts, meetups, festivals and parties coming up near you, before the tickets run out.`,
      ``,
      `Browse what’s on now: ${eventsUrl}`,
      ``,
      `Didn’t sign up? Ignore this email or reply to it and we’ll remove ${input.email} from the list.`,
      ``,
      `— The Gatepass team`,
    ].join('\n'),
    html: [
      `<p>Hi ${escapeHtml(input.name)},</p>`,
      `<p>Thanks for subscribing to the Gatepass events newsletter. Every couple of weeks we’ll send you the concerts, meetups, festivals and parties coming up near you, before the tickets run out.</p>`,
      `<p><a href="${escapeHtml(eventsUrl)}">Browse what’s on now</a></p>`,
      `<p>Didn’t sign up? Ignore this email or reply to it and we’ll remove ${escapeHtml(input.email)} from the list.</p>`,
      `<p>— The Gatepass team</p>`,
    ].join('\n'),
  });
  return { created: true };
}
