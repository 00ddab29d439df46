import { attendeeDetails, buyerDetails, COUNTRY_CODES, type CountryCode } from '../../contract/orders';
import type { Ticket } from '../../contract/tickets';
import { type FieldErrors, validate } from '../lib/form';
import type { Quantities } from './selection';

/**
 * The contact step's form: the buyer, and — when 'Send ticket to
 * different email addresses?' is Yes — one attendee per seat. The contract's schemas give the
 * messages the server would; the confirm-email match is ours (the spec's source did not enforce it).
 */

export type ContactValues = {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  countryCode: CountryCode;
  phone: string;
};

export type AttendeeValues = {
  ticketId: string;
  ticketName: string;
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
};

export const emptyContact = (prefill?: Partial<ContactValues>): ContactValues => ({
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  countryCode: COUNTRY_CODES[0],
  phone: '',
  ...prefill,
});

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function buyerFromContact(values: ContactValues) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email.trim(),
    phone: `${values.countryCode}${values.phone}`,
  };
}

export function attendeesFrom(list: readonly AttendeeValues[]) {
  return list.map((a) => ({
    ticketId: a.ticketId,
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email.trim(),
  }));
}

/** Errors keyed by field; attendee fields as 'attendees.N.field'. */
export function contactErrors(
  values: ContactValues,
  sendToOthers: boolean,
  attendees: readonly AttendeeValues[],
): FieldErrors {
  const errors: FieldErrors = validate(buyerDetails, buyerFromContact(values));
  if (errors.phone && values.phone.trim() === '') errors.phone = 'Phone number is required';
  if (!errors.email && !sameEmail(values.email, values.confirmEmail))
    errors.confirmEmail = values.confirmEmail.trim()
      ? 'Email addresses do not match'
      : 'Confirm your email address';
  if (sendToOthers) {
    attendees.forEach((a, i) => {
      const own = validate(attendeeDetails, attendeesFrom([a])[0]);
      // `if (message)` made true survives, equivalent: lib/form's validate keeps only messages (its `false` is killed).
      for (const [field, message] of Object.entries(own))
        if (message) errors[`attendees.${i}.${field}`] = message;
      if (!own.email && !sameEmail(a.email, a.confirmEmail))
        errors[`attendees.${i}.confirmEmail`] = a.confirmEmail.trim()
          ? 'Email addresses do not match'
          : 'Confirm the email address';
    });
  }
  return errors;
}

/**
 * One attendee row per seat, in the order of the chosen types; rows already filled in for a type are
 * kept when quantities change (the first N of that type).
 */
export function attendeeRows(
  tickets: readonly Ticket[],
  quantities: Quantities,
  previous: readonly AttendeeValues[],
): AttendeeValues[] {
  const rows: AttendeeValues[] = [];
  for (const t of tickets) {
    const kept = previous.filter((a) => a.ticketId === t._id);
    for (let i = 0; i < (quantities[t._id] ?? 0); i++) {
      rows.push(
        kept[i] ?? {
          ticketId: t._id,
          ticketName: t.ticketName,
          firstName: '',
          lastName: '',
          email: '',
          confirmEmail: '',
        },
      );
    }
  }
  return rows;
}
