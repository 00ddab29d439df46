import * as z from 'zod/mini';
import { emailField } from './users';

/** The events newsletter block (spec §2, §5): name and email, both required. */
export const newsletterRequest = z.object({
  name: z
    .string({ error: 'Name is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Name is required'),
      z.maxLength(120, 'Name can be at most 120 characters long'),
    ),
  email: emailField.check(z.maxLength(254, 'Invalid email address')),
});
export type NewsletterRequest = z.infer<typeof newsletterRequest>;

export const newsletterResponse = z.object({
  message: z.string(),
  /** False when the address was already subscribed (subscribing twice is fine, and changes nothing). */
  created: z.boolean(),
});
export type NewsletterResponse = z.infer<typeof newsletterResponse>;
