import type { Mailer } from './adapters/mail/mailer';
import type { PaymentBanking, PaymentTransactions } from './adapters/payments/types';
import type { Storage } from './adapters/storage';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { TicketSigner } from './modules/issued-tickets/signing';

/** What every module is built from: configuration and the outside world behind adapters. */
export type AppDeps = {
  config: AppConfig;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  storage: Storage;
  mail: Mailer;
  /** Checkout's payment provider: Paystack (PAYSTACK_SECRET_KEY) or the built-in test mode. */
  payments: PaymentTransactions;
  /** Bank list, account resolve and split subaccounts (Paystack or test mode). */
  banking: PaymentBanking;
  /** Ticket signatures and the keys derived from them (waiting-room passes, unsubscribe links). */
  signer: TicketSigner;
};

/** The signed-in user behind a request's bearer token (filled by the auth plugin). */
export type SessionUser = { id: string; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    /** The bearer token's session was ended because its owner changed the password (see sessions). */
    sessionEndedBecause: 'password_changed' | null;
  }
}
