import { readTicketReference } from './ticketReference';

/**
 * What a door device may look a guest up by without holding it in clear (decision 049): a ticket's
 * short reference, its order number, the attendee's email and the buyer's phone. The door list carries
 * each ticket's values only as salted hashes (`lookup`), the salt is the list's own (`lookupSalt`, new
 * with every download), and a value typed at the door is normalised and hashed the same way, so an
 * exact value finds its ticket offline while the list shows nobody's email, phone or reference.
 *
 * The same normalised keys (unhashed) are what the server's guest search compares, so the server and
 * the device find the same guests. The server hashes with node:crypto for speed
 * (server/modules/checkin/lookupHashes.ts); the device with WebCrypto (`lookupHash` below); both hash
 * `lookupInput`'s bytes, and test/unit/door-lookup.test.ts checks they agree.
 */
export type LookupKind = 'reference' | 'order' | 'email' | 'phone';
export type LookupKey = { kind: LookupKind; value: string };

/** Hash length kept per value: 128 bits, far beyond any collision in one event's list. */
export const LOOKUP_HASH_BYTES = 16;

/** An email as typed or stored: one address, case and surrounding spaces ignored. */
export function emailKey(raw: string): string | null {
  const value = raw.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(value) ? value : null;
}

/**
 * A Nigerian phone in any of its written forms (0803 123 4567, 803-123-4567, +234 803 123 4567) as
 * its ten national digits; foreign numbers keep their digits. Needs 7+ digits and nothing but digits,
 * spaces, dashes, dots, brackets and a leading +.
 */
export function phoneKey(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  const national = digits.replace(/^234(?=\d{10}$)/, '').replace(/^0(?=\d{10}$)/, '');
  return national.length >= 7 ? national : null;
}

/** An order number ('GP-' and ten hex digits), typed in any case, with or without the dash. */
export function orderKey(raw: string): string | null {
  const match = /^gp-?\s*([0-9a-f]{10})$/i.exec(raw.trim());
  return match ? `GP-${match[1]!.toUpperCase()}` : null;
}

/** Every lookup a typed value could be (usually one kind, none for a name). */
export function lookupKeysOf(typed: string): LookupKey[] {
  const keys: LookupKey[] = [];
  const reference = readTicketReference(typed);
  if (reference) keys.push({ kind: 'reference', value: reference });
  const order = orderKey(typed);
  if (order) keys.push({ kind: 'order', value: order });
  const email = emailKey(typed);
  if (email) keys.push({ kind: 'email', value: email });
  const phone = phoneKey(typed);
  if (phone) keys.push({ kind: 'phone', value: phone });
  return keys;
}

/** A ticket's own lookups, from its stored values (empty ones left out). */
export function ticketLookupKeys(t: {
  reference: string;
  orderReference: string;
  attendeeEmail: string;
  buyerPhone: string;
}): LookupKey[] {
  const keys: LookupKey[] = [];
  const reference = readTicketReference(t.reference);
  if (reference) keys.push({ kind: 'reference', value: reference });
  const order = orderKey(t.orderReference);
  if (order) keys.push({ kind: 'order', value: order });
  const email = emailKey(t.attendeeEmail);
  if (email) keys.push({ kind: 'email', value: email });
  const phone = phoneKey(t.buyerPhone);
  if (phone) keys.push({ kind: 'phone', value: phone });
  return keys;
}

/** A key in clear, for the server's search (it holds the values anyway). */
export const plainLookup = (key: LookupKey) => `${key.kind}:${key.value}`;

/** The exact bytes hashed (UTF-8): salt, kind and value, so an email never matches a phone. */
export const lookupInput = (salt: string, key: LookupKey) => `${salt}\n${key.kind}\n${key.value}`;

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** SHA-256 of `lookupInput`, first LOOKUP_HASH_BYTES, base64url: as the door device computes it. */
export async function lookupHash(salt: string, key: LookupKey): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(lookupInput(salt, key)));
  return base64url(new Uint8Array(digest).subarray(0, LOOKUP_HASH_BYTES));
}
