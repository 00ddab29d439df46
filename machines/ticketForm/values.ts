import { type CreateTicketRequest, createTicketRequest, type OrganiserTicket } from '../../contract/tickets';
import { type FieldErrors, validate } from '../lib/form';

/** The ticket form's values, the request built from them and the contract's messages about them. */

export type TicketKind = 'free' | 'paid';

/** What the organiser types; numbers stay text until the request is built (so '' means "not given"). */
export type TicketValues = {
  ticketName: string;
  ticketDescription: string;
  ticketStock: 'limited' | 'unlimited';
  availableTickets: string;
  purchaseLimit: string;
  benefits: string;
  ticketPrice: string;
  onSaleFrom: string;
  onSaleUntil: string;
  /** 'hidden': off the public page, sold only with an access code (decision 036). */
  visibility: 'public' | 'hidden';
  /** A table for N (decision 067): 'table' sells tables of `tableSize` guests; 'single' one admission each. */
  unit: 'single' | 'table';
  tableSize: string;
  /** How a table enters: one code per guest, or the table's one code admitting up to N times. */
  tableCodes: 'per_guest' | 'one';
};
export type TicketField = keyof TicketValues;

export const emptyTicket: TicketValues = {
  ticketName: '',
  ticketDescription: '',
  ticketStock: 'limited',
  availableTickets: '',
  purchaseLimit: '1',
  benefits: '',
  ticketPrice: '',
  onSaleFrom: '',
  onSaleUntil: '',
  visibility: 'public',
  unit: 'single',
  tableSize: '10',
  tableCodes: 'per_guest',
};

export function valuesFromTicket(ticket: OrganiserTicket): TicketValues {
  return {
    ticketName: ticket.ticketName,
    ticketDescription: ticket.ticketDescription,
    ticketStock: ticket.ticketStock,
    availableTickets: ticket.quantity === null ? '' : String(ticket.quantity),
    purchaseLimit: String(ticket.purchaseLimit),
    benefits: ticket.benefits,
    ticketPrice: ticket.ticketType === 'paid' ? String(ticket.ticketPrice) : '',
    onSaleFrom: ticket.onSaleFrom ?? '',
    onSaleUntil: ticket.onSaleUntil ?? '',
    visibility: ticket.hidden ? 'hidden' : 'public',
    unit: ticket.tableSize ? 'table' : 'single',
    tableSize: ticket.tableSize ? String(ticket.tableSize) : '10',
    tableCodes: ticket.tableOneCode ? 'one' : 'per_guest',
  };
}

// The second `trim()` removed survives, equivalent: Number() ignores surrounding spaces itself (the first is killed).
const asNumber = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

/** The body of POST /api/tickets/create (PUT /api/tickets/:id takes the same without eventId). */
export function ticketRequest(
  eventId: string,
  kind: TicketKind,
  values: TicketValues,
  payout: { bank: string; accountNumber: string } | null,
): CreateTicketRequest {
  const limited = values.ticketStock === 'limited';
  return {
    eventId,
    ticketType: kind,
    ticketName: values.ticketName,
    ticketDescription: values.ticketDescription,
    ticketStock: values.ticketStock,
    availableTickets: limited ? asNumber(values.availableTickets) : null,
    // An empty limit is sent as nothing, so the contract's 'required' message shows.
    purchaseLimit: asNumber(values.purchaseLimit) as number,
    benefits: values.benefits,
    ticketPrice: kind === 'paid' ? asNumber(values.ticketPrice) : 0,
    onSaleFrom: values.onSaleFrom || null,
    onSaleUntil: values.onSaleUntil || null,
    hidden: values.visibility === 'hidden',
    // A table with no size typed is sent as 0, so the contract's 'at least 2' shows.
    tableSize: values.unit === 'table' ? (asNumber(values.tableSize) ?? 0) : null,
    tableOneCode: values.unit === 'table' && values.tableCodes === 'one',
    ...(payout ?? {}),
  };
}

/** The contract's rules over the form's values, as lib/form reads them. */
export const rules = (context: { eventId: string; kind: TicketKind }) => ({
  safeParse: (values: unknown) =>
    createTicketRequest.safeParse(ticketRequest(context.eventId, context.kind, values as TicketValues, null)),
});

/** The form's messages: the contract's, per field (the server checks the same body again). */
export function ticketErrors(eventId: string, kind: TicketKind, values: TicketValues): FieldErrors {
  return validate(
    {
      safeParse: (v) => createTicketRequest.safeParse(ticketRequest(eventId, kind, v as TicketValues, null)),
    },
    values,
  );
}
