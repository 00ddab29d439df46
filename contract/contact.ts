import * as z from 'zod/mini';
import { emailField } from './users';

/**
 * The Contact Us form (spec §2, §5). The spec marks the message required but never enforced it; we
 * do. The same schema checks the form in the browser and the body on the server.
 */
const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong));

export const CONTACT_MESSAGE_MAX = 5000;

export const contactRequest = z.object({
  firstName: requiredText('First name is required', 60, 'Names can be at most 60 characters long'),
  lastName: requiredText('Last name is required', 60, 'Names can be at most 60 characters long'),
  email: emailField.check(z.maxLength(254, 'Invalid email address')),
  message: requiredText(
    'Message is required',
    CONTACT_MESSAGE_MAX,
    `Message can be at most ${CONTACT_MESSAGE_MAX} characters long`,
  ),
  agreement: z.literal(true, { error: 'You must agree to the Terms & conditions' }),
});
export type ContactRequest = z.infer<typeof contactRequest>;

export const contactResponse = z.object({ message: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;
