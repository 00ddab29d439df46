import { useSelector } from '@xstate/react';
import type { EventDate } from '../../contract/eventDates';
import type { Event } from '../../contract/events';
import { formatNaira } from '../../contract/money';
import { MAX_PER_TYPE } from '../../contract/orders';
import { tableSizeOf, tableTitle } from '../../contract/tables';
import type { Ticket } from '../../contract/tickets';
import {
  type Availability,
  availability,
  quantityOptions,
  totalQuantity,
} from '../../machines/checkout/selection';
import { chosenDate, DateChips, upcomingDates } from '../events/DateChips';
import * as chipStyles from '../events/DateChips.css';
import { priceWithFees } from '../events/priceLabel';
import { Button } from '../ui/Button';
import { FormAlert } from '../ui/Field';
import { AccessCodeForm } from './AccessCodeForm';
import * as styles from './checkout.css';
import type { CheckoutActor } from './checkoutSession';
import { OrderSummary } from './OrderSummary';
import { summaryOf } from './summaryOf';
import { WaitlistJoin } from './WaitlistJoin';

/** The event's dates (decision 046), the one asked for in the address, and an access code to keep. */
export type DateChoice = { list: EventDate[]; asked: string | undefined; access: string | undefined };

/**
 * 'Choose Tickets': each type between 0 and its purchase limit. An event with several dates shows
 * them first; the types listed are the chosen date's (and any not tied to a date).
 */
export function SelectionStep({ actor, dates }: { actor: CheckoutActor; dates?: DateChoice | undefined }) {
  const allTickets = useSelector(actor, (s) => s.context.tickets);
  const event = useSelector(actor, (s) => s.context.event);
  const loadedAt = useSelector(actor, (s) => s.context.loadedAt);
  const quantities = useSelector(actor, (s) => s.context.quantities);
  const order = useSelector(actor, (s) => s.context.order);
  const error = useSelector(actor, (s) => s.context.error);
  const accessCode = useSelector(actor, (s) => s.context.accessCode);
  const chosen = totalQuantity(quantities) > 0;
  const ahead = upcomingDates(dates?.list ?? [], loadedAt);
  const date = chosenDate(dates?.list ?? [], dates?.asked, loadedAt);
  const tickets =
    (dates?.list.length ?? 0) > 0
      ? allTickets.filter((t) => !t.eventDateId || t.eventDateId === date?._id)
      : allTickets;
  return (
    <div className={styles.layout}>
      <section className={styles.card} aria-labelledby="choose-heading">
        <h2 id="choose-heading" className={styles.cardTitle}>
          Choose Tickets
        </h2>
        <FormAlert tone="error">{error}</FormAlert>
        {event && dates && dates.list.length > 0 && (
          <div className={chipStyles.block}>
            <h3 className={styles.ticketName}>
              {ahead.length > 0 ? 'Pick a date' : 'All dates have passed'}
            </h3>
            <DateChips eventId={event._id} dates={ahead} current={date?._id ?? null} access={dates.access} />
          </div>
        )}
        {tickets.length === 0 ? (
          <p className={styles.muted}>This event has no tickets for sale yet.</p>
        ) : (
          <ul className={styles.ticketList}>
            {event &&
              tickets.map((ticket) => (
                <TicketChoice
                  key={ticket._id}
                  eventId={event._id}
                  ticket={ticket}
                  feeMode={event.feeMode}
                  offer={availability(ticket, event, loadedAt)}
                  quantity={quantities[ticket._id] ?? 0}
                  onChange={(quantity) =>
                    actor.send({ type: 'quantity.change', ticketId: ticket._id, quantity })
                  }
                />
              ))}
          </ul>
        )}
        {event && <AccessCodeForm eventId={event._id} current={accessCode} />}
      </section>
      <OrderSummary summary={summaryOf(order, allTickets, quantities, event?.feeMode === 'absorbed')}>
        <Button block size="lg" disabled={!chosen} onClick={() => actor.send({ type: 'selection.proceed' })}>
          Proceed to Contact
        </Button>
      </OrderSummary>
    </div>
  );
}

function TicketChoice({
  eventId,
  ticket,
  feeMode,
  offer,
  quantity,
  onChange,
}: {
  eventId: string;
  ticket: Ticket;
  feeMode: Event['feeMode'];
  offer: Availability;
  quantity: number;
  onChange: (quantity: number) => void;
}) {
  const selectId = `qty-${ticket._id}`;
  const left = offer.kind === 'onSale' && ticket.availableTickets !== null && ticket.availableTickets <= 20;
  const table = tableSizeOf(ticket);
  return (
    <li className={styles.ticketRow}>
      <div>
        <h3 className={styles.ticketName}>{tableTitle(ticket)}</h3>
        <p className={styles.price}>
          {priceWithFees(ticket.ticketPrice, feeMode, formatNaira)}
          {table && ' per table'}
        </p>
        {table && (
          <p className={styles.small}>
            One table seats {table} guests; each gets their own ticket, and you can name them later.
          </p>
        )}
        {ticket.hidden && <p className={styles.small}>Unlocked by your access code</p>}
        {ticket.ticketDescription && <p className={styles.muted}>{ticket.ticketDescription}</p>}
        {left && (
          <p className={styles.small}>
            Only {ticket.availableTickets} {table ? (ticket.availableTickets === 1 ? 'table' : 'tables') : ''}{' '}
            left
          </p>
        )}
      </div>
      {offer.kind === 'onSale' ? (
        <div className={styles.quantityField}>
          <label htmlFor={selectId} className={styles.small}>
            {table ? 'Tables' : 'Quantity'}
            <span className={styles.visuallyHiddenName}> of {ticket.ticketName}</span>
          </label>
          <select
            id={selectId}
            className={styles.quantitySelect}
            value={quantity}
            onChange={(e) => onChange(Number(e.target.value))}
          >
            {quantityOptions(offer.max).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <span className={styles.badge({ tone: offer.kind === 'soldOut' ? 'danger' : 'muted' })}>
          {offer.kind === 'soldOut'
            ? 'Sold out'
            : offer.kind === 'notOnSale'
              ? 'Not on sale yet'
              : 'Sales ended'}
        </span>
      )}
      {offer.kind === 'soldOut' && !ticket.hidden && (
        <WaitlistJoin
          eventId={eventId}
          ticketTypeId={ticket._id}
          ticketName={ticket.ticketName}
          limit={Math.min(MAX_PER_TYPE, ticket.purchaseLimit)}
        />
      )}
    </li>
  );
}
