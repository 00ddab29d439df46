import * as z from 'zod/mini';
import { TEXT_LIMITS, text } from './text';
import { emailField } from './users';

/**
 * The Contact Us form. The spec marks the message required but never enforced it; we
 * do. The same schema checks the form in the browser and the body on the server.
 */
export const CONTACT_MESSAGE_MAX = TEXT_LIMITS.long;

export const contactRequest = z.object({
  firstName: text({ label: 'First name', max: TEXT_LIMITS.name, required: true }),
  lastName: text({ label: 'Last name', max: TEXT_LIMITS.name, required: true }),
  email: emailField,
  message: text({ label: 'Message', max: CONTACT_MESSAGE_MAX, required: true, multiline: true }),
  agreement: z.literal(true, { error: 'You must agree to the Terms & conditions' }),
});
export type ContactRequest = z.infer<typeof contactRequest>;

export const contactResponse = z.object({ message: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;
