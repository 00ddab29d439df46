import { COUNTRY_CODES, type CountryCode } from '../../contract/orders';

/**
 * The buyer's confirmed email and phone, kept on this device (localStorage) once a checkout reserved
 * with them, so a returning buyer does not type them again. They are tied to that email: someone
 * else signing in on the same phone is not shown them. A first checkout still confirms the email.
 */
const STORAGE_KEY = 'gatepass.buyer';
export type RememberedBuyer = { email: string; countryCode: CountryCode; phone: string };

export function rememberBuyer(buyer: RememberedBuyer) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(buyer));
  } catch {
    // Storage full or blocked: the next checkout asks again, nothing else changes.
  }
}

/** What was confirmed before with `email` (compared without case), or nothing. */
export function rememberedContact(
  email: string,
): { confirmEmail: string; countryCode: CountryCode; phone: string } | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<RememberedBuyer> | null;
    if (!value || typeof value.email !== 'string' || typeof value.phone !== 'string') return null;
    if (value.email.trim().toLowerCase() !== email.trim().toLowerCase()) return null;
    const countryCode = COUNTRY_CODES.find((c) => c === value.countryCode) ?? COUNTRY_CODES[0];
    return { confirmEmail: email, countryCode, phone: value.phone };
  } catch {
    return null;
  }
}

/** What the contact step starts with for a signed-in buyer. */
export function buyerPrefill(user: { firstName: string; lastName: string; email: string }) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    ...rememberedContact(user.email),
  };
}
