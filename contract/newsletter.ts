import * as z from 'zod/mini';
import { TEXT_LIMITS, text } from './text';
import { emailField } from './users';

/** The events newsletter block: name and email, both required. */
export const newsletterRequest = z.object({
  name: text({ label: 'Name', max: TEXT_LIMITS.title, required: true }),
  email: emailField,
});
export type NewsletterRequest = z.infer<typeof newsletterRequest>;

export const newsletterResponse = z.object({
  message: z.string(),
  /** False when the address was already subscribed (subscribing twice is fine, and changes nothing). */
  created: z.boolean(),
});
export type NewsletterResponse = z.infer<typeof newsletterResponse>;
