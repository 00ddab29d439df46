import type { OrganiserTicket } from '../../contract/tickets';
import type { FieldErrors } from '../lib/form';
import {
  emptyTicket,
  type TicketField,
  type TicketKind,
  type TicketValues,
  valuesFromTicket,
} from './values';

/** The ticket form's context, its input and events, and what it starts from. */

/** The organiser's saved payout account as the form shows it (never the full number). */
export type SavedPayout = { bankName: string; accountName: string; accountNumberLast4: string };
export type BankOption = { name: string; code: string };
export type PaymentMode = 'paystack' | 'test';

export type TicketFormContext = {
  eventId: string;
  kind: TicketKind;
  /** The ticket type being edited; null when adding a new one. */
  ticketId: string | null;
  isEdit: boolean;
  values: TicketValues;
  errors: FieldErrors;
  submitted: boolean;
  formError: string | null;
  image: { file: unknown; previewUrl: string } | null;
  savedPayout: SavedPayout | null;
  /** false for a co-organiser: the saved account is the event owner's, shown read-only (decision 053). */
  payoutYours: boolean;
  banks: BankOption[];
  mode: PaymentMode | null;
  bankCode: string;
  accountNumber: string;
  accountName: string | null;
  /** The owner's password: a new or changed account is saved through the payout settings, which ask for it. */
  password: string;
  payoutMessage: string | null;
  /** Which payout account a paid ticket would use now: the saved one, the one just resolved, or none. */
  payoutSource: 'saved' | 'entered' | null;
  /** While the ticket is being saved (and after), the payout account on screen is the one sent. */
  busy: boolean;
};

export type TicketFormInput = {
  eventId: string;
  kind: TicketKind;
  ticket?: OrganiserTicket | null;
  savedPayout: SavedPayout | null;
  /** Whether the saved account is the caller's own (the owner); a co-organiser's form gets false. */
  payoutYours?: boolean;
};

export type TicketFormEvent =
  | { type: 'field.change'; name: TicketField; value: string }
  | { type: 'image.select'; file: unknown; previewUrl: string }
  | { type: 'image.clear' }
  | { type: 'payout.change' }
  | { type: 'payout.keep' }
  | { type: 'banks.retry' }
  | { type: 'bank.select'; code: string }
  | { type: 'accountNumber.change'; value: string }
  | { type: 'password.change'; value: string }
  | { type: 'payout.saved' }
  | { type: 'form.submit' };

export type BanksAnswer = {
  mode: PaymentMode;
  banks: BankOption[];
  available: boolean;
  message: string | null;
};

/** A new ticket type starts empty; an edited one from what it is now. */
export const initialContext = ({ input }: { input: TicketFormInput }): TicketFormContext => ({
  eventId: input.eventId,
  kind: input.kind,
  ticketId: input.ticket?._id ?? null,
  isEdit: Boolean(input.ticket),
  values: input.ticket ? valuesFromTicket(input.ticket) : emptyTicket,
  errors: {},
  submitted: false,
  formError: null,
  image: null,
  savedPayout: input.savedPayout,
  payoutYours: input.payoutYours ?? true,
  banks: [],
  mode: null,
  bankCode: '',
  accountNumber: '',
  accountName: null,
  password: '',
  payoutMessage: null,
  payoutSource: null,
  busy: false,
});
