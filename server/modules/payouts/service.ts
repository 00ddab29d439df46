import { eq, sql } from 'drizzle-orm';
import type { BanksResponse, PayoutAccount, ResolveResponse } from '../../../contract/payouts';
import { type Bank, PaymentProviderError } from '../../adapters/payments/types';
import type { AppDeps } from '../../context';
import { payoutAccounts, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { payoutChangedMail } from './changedMail';

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export const BANKS_UNAVAILABLE = 'Banks could not be loaded. Please try again in a moment.';
export const ACCOUNT_NOT_RESOLVED =
  'We could not find this account number at the chosen bank. Check the bank and the 10-digit number.';
export const LOOKUP_UNAVAILABLE = 'Account lookup is unavailable right now. Please try again in a moment.';
export const PAYOUT_CHANGE_ELSEWHERE =
  'Your payout account can only be changed under Account settings → Payouts, with your password. Leave the saved account selected here.';
export const PAYOUT_ACCOUNT_NEEDED =
  'Paid tickets need a payout account. Save yours under Account settings → Payouts (or in the paid ticket form) first.';
export const ONLY_OWNER_PAYOUTS = "Only the event's owner can set where its money is paid.";
export const OWNER_PAYOUT_NEEDED =
  "Paid tickets need the event owner's payout account. Ask the owner to add one under Payouts, or add a free ticket.";

/** The bank list for the forms; a provider failure is logged and answered as an empty, flagged list. */
export async function listBanks(deps: AppDeps, log: Log): Promise<BanksResponse> {
  try {
    const banks = await deps.banking.listBanks();
    return { mode: deps.banking.mode, banks, available: true, message: null };
  } catch (error) {
    log.error({ err: error }, 'bank list could not be loaded from the payment provider');
    return { mode: deps.banking.mode, banks: [], available: false, message: BANKS_UNAVAILABLE };
  }
}

/**
 * Finds a bank by code, or by name ignoring case and spacing (the spec's form sends the name).
 * A provider failure is a 502; an unknown bank a 400.
 */
export async function findBank(deps: AppDeps, bank: string): Promise<Bank> {
  let banks: Bank[];
  try {
    banks = await deps.banking.listBanks();
  } catch {
    throw new HttpError(502, BANKS_UNAVAILABLE);
  }
  const wanted = bank.trim();
  const normalised = (v: string) => v.toLowerCase().replace(/\s+/g, ' ').trim();
  const found =
    banks.find((b) => b.code === wanted) ?? banks.find((b) => normalised(b.name) === normalised(wanted));
  if (!found) throw new HttpError(400, 'Choose your bank from the list');
  return found;
}

/** Resolves an account with the bank; 422 when it does not resolve, 502 when the provider fails. */
export async function resolveAccount(
  deps: AppDeps,
  accountNumber: string,
  bankCode: string,
  log: Log,
): Promise<ResolveResponse> {
  let resolved: Awaited<ReturnType<AppDeps['banking']['resolveAccount']>>;
  try {
    resolved = await deps.banking.resolveAccount(accountNumber, bankCode);
  } catch (error) {
    // The error carries Paystack's status and message only; never the account number.
    log.warn(
      { err: error instanceof PaymentProviderError ? error.message : error },
      'account resolve failed',
    );
    throw new HttpError(502, LOOKUP_UNAVAILABLE);
  }
  if (!resolved) throw new HttpError(422, ACCOUNT_NOT_RESOLVED);
  const bankName = await deps.banking
    .listBanks()
    .then((banks) => banks.find((b) => b.code === bankCode)?.name ?? null)
    .catch(() => null);
  return { accountName: resolved.accountName, bankCode, bankName, mode: deps.banking.mode };
}

type PayoutRow = typeof payoutAccounts.$inferSelect;

function toWire(row: PayoutRow): PayoutAccount {
  return {
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumberLast4: row.accountNumber.slice(-4),
    subaccountCode: row.subaccountCode,
    mode: row.providerMode,
    updatedAt: row.updatedAt.toISOString(),
    changedAt: row.changedAt.toISOString(),
  };
}

export async function findPayoutRow(deps: AppDeps, userId: string): Promise<PayoutRow | null> {
  const [row] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1);
  return row ?? null;
}

export async function getPayoutAccount(deps: AppDeps, userId: string): Promise<PayoutAccount | null> {
  const row = await findPayoutRow(deps, userId);
  return row ? toWire(row) : null;
}

/** "Ada Okafor (ada_events)": what Paystack shows as the subaccount's business name. */
async function businessName(deps: AppDeps, userId: string): Promise<string> {
  const [user] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return user ? `${user.firstName} ${user.lastName} (${user.username})` : 'Gatepass organiser';
}

/**
 * Sets (or confirms) the organiser's payout account: finds the bank, resolves the number with the
 * provider (the resolved name is stored; nothing the client says about the name is trusted), creates
 * or updates the split subaccount, then saves. Nothing is saved when any step fails. A new bank or
 * number is stamped `changed_at` and emailed to the account holder. Callers decide who may change
 * it: only the PUT route, after the password (decision 053).
 */
export async function savePayoutAccount(
  deps: AppDeps,
  userId: string,
  input: { bank: string; accountNumber: string },
  log: Log,
): Promise<PayoutAccount> {
  const bank = await findBank(deps, input.bank);
  const resolved = await resolveAccount(deps, input.accountNumber, bank.code, log);
  const existing = await findPayoutRow(deps, userId);
  const sameProvider = existing?.providerMode === deps.banking.mode;
  const unchanged =
    sameProvider &&
    existing?.subaccountCode &&
    existing.bankCode === bank.code &&
    existing.accountNumber === input.accountNumber &&
    existing.accountName === resolved.accountName;

  let subaccountCode = existing?.subaccountCode ?? null;
  if (!unchanged) {
    try {
      ({ subaccountCode } = await deps.banking.upsertSubaccount({
        businessName: await businessName(deps, userId),
        bankCode: bank.code,
        accountNumber: input.accountNumber,
        percentageCharge: deps.config.platformFeePercent,
        existingCode: sameProvider ? existing?.subaccountCode : null,
      }));
    } catch (error) {
      log.warn(
        { err: error instanceof PaymentProviderError ? error.message : error },
        'subaccount upsert failed',
      );
      throw new HttpError(
        502,
        'Your payout account could not be registered with the payment provider. Please try again.',
      );
    }
  }

  const values = {
    bankCode: bank.code,
    bankName: bank.name,
    accountNumber: input.accountNumber,
    accountName: resolved.accountName,
    subaccountCode,
    providerMode: deps.banking.mode,
  };
  const changed =
    !existing || existing.bankCode !== bank.code || existing.accountNumber !== input.accountNumber;
  const [row] = await deps.db
    .insert(payoutAccounts)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: payoutAccounts.userId,
      set: { ...values, updatedAt: sql`now()`, ...(changed ? { changedAt: sql`now()` } : {}) },
    })
    .returning();
  if (changed) await tellHolder(deps, userId, row!, !existing);
  return toWire(row!);
}

/** The change email, to the account's own (verified) address. */
async function tellHolder(deps: AppDeps, userId: string, row: PayoutRow, firstAccount: boolean) {
  const [user] = await deps.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  await deps.mail.send(
    payoutChangedMail({
      to: user.email,
      firstName: user.firstName,
      bankName: row.bankName,
      last4: row.accountNumber.slice(-4),
      at: row.changedAt,
      firstAccount,
      appUrl: deps.config.appUrl,
    }),
  );
}

/**
 * The organiser's split subaccount code for checkout, creating it with the current provider when the
 * saved account has none yet (accounts carried over by migration 0001, or saved before Paystack was
 * configured). null when the organiser has no payout account.
 */
export async function ensureSubaccount(deps: AppDeps, userId: string): Promise<string | null> {
  const row = await findPayoutRow(deps, userId);
  if (!row) return null;
  if (row.subaccountCode && row.providerMode === deps.banking.mode) return row.subaccountCode;
  // Accounts carried over from ticket types may only have had the bank's name.
  const bankCode = row.bankCode || (await findBank(deps, row.bankName)).code;
  const { subaccountCode } = await deps.banking.upsertSubaccount({
    businessName: await businessName(deps, userId),
    bankCode,
    accountNumber: row.accountNumber,
    percentageCharge: deps.config.platformFeePercent,
    existingCode: row.providerMode === deps.banking.mode ? row.subaccountCode : null,
  });
  await deps.db
    .update(payoutAccounts)
    .set({ bankCode, subaccountCode, providerMode: deps.banking.mode, updatedAt: sql`now()` })
    .where(eq(payoutAccounts.userId, userId));
  return subaccountCode;
}

/**
 * The payout account a paid ticket of `event` is paid out to: always its owner's saved one (decision
 * 053). Ticket forms never create or change a payout account: only the owner's payout settings (the
 * PUT route, with the password) do. The owner may send the saved account back (an older form does);
 * anyone else sending payout fields is refused (403), as is a different account (403) or none yet (400).
 */
export async function payoutForTicket(
  deps: AppDeps,
  event: { organiserId: string },
  userId: string,
  input: { ticketType: 'free' | 'paid'; bank?: string | null; accountNumber?: string | null },
): Promise<PayoutAccount | null> {
  const owner = event.organiserId === userId;
  const sent = Boolean(input.bank || input.accountNumber);
  if (sent && !owner) throw new HttpError(403, ONLY_OWNER_PAYOUTS);
  if (input.ticketType !== 'paid') return null;
  const row = await findPayoutRow(deps, event.organiserId);
  if (!row) throw new HttpError(400, owner ? PAYOUT_ACCOUNT_NEEDED : OWNER_PAYOUT_NEEDED);
  if (sent) {
    const bank = await findBank(deps, input.bank ?? '');
    if (row.bankCode !== bank.code || row.accountNumber !== input.accountNumber)
      throw new HttpError(403, PAYOUT_CHANGE_ELSEWHERE);
  }
  return toWire(row);
}

/**
 * The payout account the ticket forms of `eventId` show (`GET /api/payments/payout-account?eventId=`):
 * its owner's, read-only, to anyone who may edit its tickets; `yours` says whether the caller is the
 * owner (who may set one under Payouts).
 */
export async function payoutForEvent(
  deps: AppDeps,
  event: { organiserId: string },
  userId: string,
): Promise<{ payoutAccount: PayoutAccount | null; yours: boolean }> {
  return {
    payoutAccount: await getPayoutAccount(deps, event.organiserId),
    yours: event.organiserId === userId,
  };
}
