import { useSelector } from '@xstate/react';
import { formatNaira } from '../../contract/money';
import { MAX_PER_TYPE } from '../../contract/orders';
import type { Ticket } from '../../contract/tickets';
import {
  type Availability,
  availability,
  quantityOptions,
  totalQuantity,
} from '../../machines/checkout/selection';
import { Button } from '../ui/Button';
import { FormAlert } from '../ui/Field';
import { AccessCodeForm } from './AccessCodeForm';
import * as styles from './checkout.css';
import type { CheckoutActor } from './checkoutSession';
import { OrderSummary } from './OrderSummary';
import { summaryOf } from './summaryOf';
import { WaitlistJoin } from './WaitlistJoin';

/** 'Choose Tickets': each type between 0 and its purchase limit. */
export function SelectionStep({ actor }: { actor: CheckoutActor }) {
  const tickets = useSelector(actor, (s) => s.context.tickets);
  const event = useSelector(actor, (s) => s.context.event);
  const loadedAt = useSelector(actor, (s) => s.context.loadedAt);
  const quantities = useSelector(actor, (s) => s.context.quantities);
  const order = useSelector(actor, (s) => s.context.order);
  const error = useSelector(actor, (s) => s.context.error);
  const accessCode = useSelector(actor, (s) => s.context.accessCode);
  const chosen = totalQuantity(quantities) > 0;
  return (
    <div className={styles.layout}>
      <section className={styles.card} aria-labelledby="choose-heading">
        <h2 id="choose-heading" className={styles.cardTitle}>
          Choose Tickets
        </h2>
        <FormAlert tone="error">{error}</FormAlert>
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
      <OrderSummary summary={summaryOf(order, tickets, quantities)}>
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
  offer,
  quantity,
  onChange,
}: {
  eventId: string;
  ticket: Ticket;
  offer: Availability;
  quantity: number;
  onChange: (quantity: number) => void;
}) {
  const selectId = `qty-${ticket._id}`;
  const left = offer.kind === 'onSale' && ticket.availableTickets !== null && ticket.availableTickets <= 20;
  return (
    <li className={styles.ticketRow}>
      <div>
        <h3 className={styles.ticketName}>{ticket.ticketName}</h3>
        <p className={styles.price}>{ticket.ticketPrice === 0 ? 'Free' : formatNaira(ticket.ticketPrice)}</p>
        {ticket.hidden && <p className={styles.small}>Unlocked by your access code</p>}
        {ticket.ticketDescription && <p className={styles.muted}>{ticket.ticketDescription}</p>}
        {left && <p className={styles.small}>Only {ticket.availableTickets} left</p>}
      </div>
      {offer.kind === 'onSale' ? (
        <div className={styles.quantityField}>
          <label htmlFor={selectId} className={styles.small}>
            Quantity<span className={styles.visuallyHiddenName}> of {ticket.ticketName}</span>
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
