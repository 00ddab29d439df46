import type { PaymentTransactions } from '../../adapters/payments/types';
import type { AppDeps } from '../../context';
import type { TicketSigner } from '../issued-tickets/signing';

type Logger = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** What checkout (orders, payments, issued tickets) is built from. */
export type CheckoutDeps = Pick<AppDeps, 'config' | 'db' | 'mail'> & {
  payments: PaymentTransactions;
  signer: TicketSigner;
  log: Logger;
};
