import * as z from 'zod/mini';
import { uuid } from './common';
import { TEXT_LIMITS, text } from './text';

/**
 * Who buys and who comes (decision 012): the buyer's contact details and each attendee's name, with
 * the phone rules per country. Apart from the order's own shapes (contract/orders.ts re-exports it).
 */
export const COUNTRY_CODES = ['+234', '+1', '+44'] as const;
export const countryCode = z.enum(COUNTRY_CODES);
export type CountryCode = z.infer<typeof countryCode>;

/** Digits after the country code, per country: Nigeria 10 (0 dropped), NANP 10, UK 10. */
const PHONE_RULES: Record<CountryCode, { re: RegExp; example: string }> = {
  '+234': { re: /^[789][01]\d{8}$/, example: '8031234567' },
  '+1': { re: /^[2-9]\d{2}[2-9]\d{6}$/, example: '2025550123' },
  '+44': { re: /^7\d{9}$|^[123]\d{8,9}$/, example: '7911123456' },
};

/**
 * A phone number with its country code, as the wire carries it: '+2348031234567'. A leading 0 of the
 * national number is tolerated and dropped ('+234 0803 123 4567'); spaces and dashes are ignored.
 */
export function normalisePhone(value: string): string | null {
  const compact = value.replace(/[\s\-()]/g, '');
  for (const code of COUNTRY_CODES) {
    if (!compact.startsWith(code)) continue;
    const national = compact.slice(code.length).replace(/^0/, '');
    return PHONE_RULES[code].re.test(national) ? `${code}${national}` : null;
  }
  return null;
}

export function phoneMessage(value: string): string | null {
  const compact = value.replace(/[\s\-()]/g, '');
  const code = COUNTRY_CODES.find((c) => compact.startsWith(c));
  if (!code) return 'Phone number must start with +234, +1 or +44';
  if (normalisePhone(value)) return null;
  return `Enter a valid phone number for ${code} (for example ${code} ${PHONE_RULES[code].example})`;
}

export const phoneField = z.pipe(
  z.string({ error: 'Phone number is required' }).check(
    z.maxLength(30, 'Phone number is too long'),
    z.superRefine((v, ctx) => {
      const message = phoneMessage(v);
      if (message) ctx.addIssue({ code: 'custom', message, input: v });
    }),
  ),
  z.transform((v) => normalisePhone(v) ?? v),
);

export const personEmail = z.pipe(
  text({ label: 'Email', max: TEXT_LIMITS.email, required: true }),
  z.string().check(z.email('Invalid email address'), z.toLowerCase()),
);

export const buyerDetails = z.object({
  firstName: text({ label: 'First name', max: TEXT_LIMITS.name, required: true }),
  lastName: text({ label: 'Last name', max: TEXT_LIMITS.name, required: true }),
  email: personEmail,
  phone: phoneField,
});
export type BuyerDetails = z.infer<typeof buyerDetails>;

export const attendeeDetails = z.object({
  ticketId: uuid,
  firstName: text({ label: 'Attendee first name', max: TEXT_LIMITS.name, required: true }),
  lastName: text({ label: 'Attendee last name', max: TEXT_LIMITS.name, required: true }),
  email: personEmail,
});
export type AttendeeDetails = z.infer<typeof attendeeDetails>;
