import * as z from 'zod/mini';
import { idParam } from './common';
import { text } from './text';
import { accountNumberField } from './tickets';
import { passwordProof } from './users';

/**
 * Banks, account look-up and the organiser's payout account (decision 010). The browser never talks to
 * the payment provider: the server does, with its secret key (or the built-in test mode).
 *
 * - GET /api/payments/banks                   → banksResponse (always 200; `available: false` + message when the list could not be loaded)
 * - GET /api/payments/resolve?account_number=&bank_code=  → resolveResponse, or 422 {message} when the account does not resolve,
 *                                               502 {message} when the provider cannot be reached
 * - GET /api/payments/payout-account          → payoutAccountResponse (the caller's own; null when none yet)
 * - GET /api/payments/payout-account?eventId= → payoutAccountResponse: the event owner's, for its ticket forms
 *                                               (whoever may edit its tickets; `yours` false for a co-organiser)
 * - PUT /api/payments/payout-account          payoutAccountRequest → payoutAccountSavedResponse (resolved server-side;
 *                                               with Paystack, creates or updates the organiser's split subaccount);
 *                                               needs the account password (400 'Password is incorrect.' changes
 *                                               nothing); a new or changed account is emailed to the holder
 * All need the bearer token (401 without). Full account numbers are never sent back: only the last four digits.
 */

export const paymentMode = z.enum(['paystack', 'test']);
export type PaymentModeWire = z.infer<typeof paymentMode>;

export const bank = z.object({ name: z.string(), code: z.string(), id: z.int() });
export type BankWire = z.infer<typeof bank>;

export const banksResponse = z.object({
  /** 'test' = the built-in test-mode provider: show a small 'Test mode' badge. */
  mode: paymentMode,
  banks: z.array(bank),
  /** false when the provider's list could not be loaded (the list is then empty). */
  available: z.boolean(),
  message: z.nullable(z.string()),
});
export type BanksResponse = z.infer<typeof banksResponse>;

export const bankCodeField = text({
  label: 'Bank',
  max: 20,
  required: true,
  requiredMessage: 'Choose your bank',
}).check(z.regex(/^[0-9A-Za-z-]+$/, 'Bank code is not valid'));

export const resolveQuery = z.object({
  account_number: accountNumberField,
  bank_code: bankCodeField,
});

export const resolveResponse = z.object({
  accountName: z.string(),
  bankCode: z.string(),
  /** The bank's name from the list, when known. */
  bankName: z.nullable(z.string()),
  mode: paymentMode,
});
export type ResolveResponse = z.infer<typeof resolveResponse>;

export const payoutAccount = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  /** Only the last four digits ever leave the server ('••••••6789'). */
  accountNumberLast4: z.string(),
  /** The provider's split subaccount (ACCT_…); in test mode a simulated one. */
  subaccountCode: z.nullable(z.string()),
  mode: paymentMode,
  updatedAt: z.string(),
  /** When the bank or number last changed (ISO instant): shown on the payout screen. */
  changedAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccount>;

export const payoutAccountResponse = z.object({
  payoutAccount: z.nullable(payoutAccount),
  mode: paymentMode,
  /** false when this is an event owner's account shown to a co-organiser (read-only for them). */
  yours: z.optional(z.boolean()),
});

/** The ticket forms ask for the account their event's money goes to: always the owner's (decision 053). */
export const payoutAccountQuery = z.object({ eventId: z.optional(idParam('Event id')) });
export type PayoutAccountResponse = z.infer<typeof payoutAccountResponse>;

/** `bank` is the bank's code (what the select sends) or its exact name (what the spec's form sends). */
export const payoutAccountRequest = z.object({
  bank: text({ label: 'Bank', max: 100, required: true, requiredMessage: 'Choose your bank' }),
  accountNumber: accountNumberField,
  /** The account password again: a stolen session alone cannot redirect the organiser's money. */
  password: passwordProof,
});
export type PayoutAccountRequest = z.input<typeof payoutAccountRequest>;

export const payoutAccountSavedResponse = z.object({ message: z.string(), payoutAccount });
export type PayoutAccountSavedResponse = z.infer<typeof payoutAccountSavedResponse>;
