import { createHash } from 'node:crypto';
import { NIGERIAN_BANKS } from './nigerianBanks';
import type { PaymentBanking, ResolvedAccount } from './types';

/**
 * Account numbers starting with this prefix never resolve in test mode, so the "account not found"
 * path of the ticket and payout forms can be tried (e.g. 0001234567).
 */
export const TEST_UNRESOLVABLE_PREFIX = '000';

const FIRST_NAMES = [
  'ADAEZE',
  'CHINEDU',
  'FOLAKE',
  'IBRAHIM',
  'NGOZI',
  'OLUWASEUN',
  'AMINA',
  'EMEKA',
  'TEMITOPE',
  'YUSUF',
  'CHIOMA',
  'BABATUNDE',
  'HAUWA',
  'IFEANYI',
  'BOLANLE',
  'MUSA',
  'NKECHI',
  'OLUMIDE',
  'ZAINAB',
  'TOCHUKWU',
];
const LAST_NAMES = [
  'OKONKWO',
  'ADEYEMI',
  'BELLO',
  'EZE',
  'OGUNLEYE',
  'ABUBAKAR',
  'NWOSU',
  'ADEBAYO',
  'DANJUMA',
  'OKAFOR',
  'ONYEKACHI',
  'ALABI',
  'USMAN',
  'OBI',
  'AKINTOLA',
  'IBEKWE',
  'LAWAL',
  'UCHE',
  'BALOGUN',
  'GARBA',
];

function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join(':')).digest();
}

/** The made-up but stable holder name test mode gives an account number at a bank. */
export function testAccountName(accountNumber: string, bankCode: string): string {
  const d = digest('gatepass-test-account', bankCode, accountNumber);
  return `${FIRST_NAMES[d[0]! % FIRST_NAMES.length]} ${LAST_NAMES[d[1]! % LAST_NAMES.length]}`;
}

/**
 * The built-in test-mode banking provider (no Paystack key): the real list of Nigerian banks and
 * their codes; any 10-digit number at a listed bank resolves to a deterministic made-up name, except
 * numbers starting with 000; subaccounts are simulated with a stable ACCT_test_… code.
 */
export function createTestBanking(): PaymentBanking {
  const codes = new Set(NIGERIAN_BANKS.map((b) => b.code));
  return {
    mode: 'test',
    async listBanks() {
      return [...NIGERIAN_BANKS];
    },
    async resolveAccount(accountNumber, bankCode): Promise<ResolvedAccount | null> {
      if (!/^\d{10}$/.test(accountNumber) || !codes.has(bankCode)) return null;
      if (accountNumber.startsWith(TEST_UNRESOLVABLE_PREFIX)) return null;
      return { accountNumber, bankCode, accountName: testAccountName(accountNumber, bankCode) };
    },
    async upsertSubaccount(input) {
      if (input.existingCode) return { subaccountCode: input.existingCode };
      return {
        subaccountCode: `ACCT_test_${digest('subaccount', input.bankCode, input.accountNumber).toString('hex').slice(0, 12)}`,
      };
    },
  };
}
