/**
 * A ticket's short reference (decision 035): ten characters a person can read off a cracked screen or
 * a printout and type at the door — 'K7QM3-XPA9W'. The alphabet (30 characters) leaves out what people
 * confuse: 0/O, 1/I/L, and U (U/V). The database makes them (a column default, server/db/migrations/*_ticket_reference*),
 * unique per event; this file is the one place that reads and prints them, for the server, the
 * scanner and every screen that shows one.
 */
export const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export const REFERENCE_LENGTH = 10;

const ALPHABET = new Set(REFERENCE_ALPHABET);

/**
 * What someone typed, as the stored reference: case, spaces and dashes ignored; null when it cannot
 * be a reference (so a scanned signed code, 130 characters long, is never mistaken for one).
 */
export function readTicketReference(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '').toUpperCase();
  if (compact.length !== REFERENCE_LENGTH) return null;
  for (const ch of compact) if (!ALPHABET.has(ch)) return null;
  return compact;
}

/** The reference as people read it: two groups of five. */
export function formatTicketReference(reference: string): string {
  return `${reference.slice(0, 5)}-${reference.slice(5)}`;
}
