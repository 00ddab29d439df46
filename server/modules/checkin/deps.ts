import type { AppDeps } from '../../context';
import type { TicketSigner } from '../issued-tickets/signing';

/** What check-in is built from: the database, configuration and the key that signs ticket codes. */
export type CheckinDeps = Pick<AppDeps, 'config' | 'db'> & { signer: TicketSigner };

/** Who is scanning: the event's organiser (signed in) or door staff through a check-in link. */
export type Scanner =
  | { kind: 'organiser'; userId: string; linkId: null; gate: null; ticketTypeIds: null }
  | { kind: 'link'; userId: null; linkId: string; gate: string; ticketTypeIds: string[] | null };
