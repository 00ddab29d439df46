import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { formatNaira } from '../../../contract/money';
import type { OrganiserEvent } from '../../../contract/organiser';
import type { PayoutAccount } from '../../../contract/payouts';
import { tablesAndSeats } from '../../../contract/tables';
import type { OrganiserTicket } from '../../../contract/tickets';
import type { TicketKind } from '../../../machines/ticketForm.machine';
import { Button } from '../../ui/Button';
import { TextAreaField, TextField } from '../../ui/Field';
import * as styles from '../organiser.css';
import { TicketFormPanel } from '../TicketFormPanel';
import { AccessCodes } from './AccessCodes';
import { CheckoutQuestions } from './CheckoutQuestions';
import { DatesEditor } from './DatesEditor';
import { DiscountCodes } from './DiscountCodes';
import { FeeSettings } from './FeeSettings';
import type { ManagementActor } from './ManageEventPage';
import { OnsaleSettings } from './OnsaleSettings';
import { TicketChangeSettings } from './TicketChangeSettings';
import { WaitlistPanel } from './WaitlistPanel';

type Props = {
  event: OrganiserEvent;
  tickets: OrganiserTicket[];
  payoutAccount: PayoutAccount | null;
  payoutYours: boolean;
  actor: ManagementActor;
};

/** Which ticket form is open is view state only: the form itself is the ticket-form machine. */
type Open = { kind: TicketKind; ticket: OrganiserTicket | null } | 'choosing' | null;

/** The Tickets tab: ticket types, the ticket e-mail message, a test e-mail and sales on/off. */
export function TicketsTab({ event, tickets, payoutAccount, payoutYours, actor }: Props) {
  const router = useRouter();
  const [open, setOpen] = useState<Open>(null);
  const emailMessage = useSelector(actor, (s) => s.context.emailMessage);
  const testEmail = useSelector(actor, (s) => s.context.testEmail);
  const savingMessage = useSelector(actor, (s) => s.matches({ emailMessage: 'busy' }));
  const sendingTest = useSelector(actor, (s) => s.matches({ testEmail: 'busy' }));
  const salesBusy = useSelector(actor, (s) => s.matches({ sales: 'busy' }));
  const live = event.status === 'published' && !event.salesPaused;
  // A type's date beside its name (named by the server): three nights' 'Regular' are told apart.
  const named = (t: OrganiserTicket) => t.nameWithDate ?? t.ticketName;

  return (
    <>
      <DatesEditor eventId={event._id} />
      <section className={styles.card} aria-labelledby="types-title">
        <div className={styles.actionsSpread}>
          <h2 id="types-title" className={styles.subtitle}>
            Tickets
          </h2>
          <Button onClick={() => setOpen('choosing')}>Add Ticket</Button>
        </div>
        {tickets.length === 0 ? (
          <div className={styles.empty}>
            <strong>No tickets yet</strong>
            <span>Add a free or paid ticket so guests can come.</span>
          </div>
        ) : (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${styles.cardsOnPhone}`}>
              <thead>
                <tr>
                  <th scope="col">No</th>
                  <th scope="col">Ticket Name</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Stock</th>
                  <th scope="col">Price</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {tickets.map((t, i) => (
                  <tr key={t._id}>
                    <td data-label="No">{i + 1}</td>
                    <td data-label="Ticket Name">
                      {named(t)}
                      {t.hidden && <span className={styles.note}> · hidden (access code)</span>}
                      {t.tableSize && (
                        <span className={styles.note}>
                          {' '}
                          · table for {t.tableSize}
                          {t.tableOneCode ? ', one code' : ''}
                        </span>
                      )}
                    </td>
                    <td data-label="Quantity">
                      {t.quantity === null ? 'Unlimited' : tablesAndSeats(t.quantity, t.tableSize)}
                    </td>
                    <td data-label="Stock">
                      {t.ticketStock === 'unlimited'
                        ? 'Unlimited'
                        : `${t.availableTickets ?? 0} left · ${tablesAndSeats(t.sold, t.tableSize)} sold${t.held > 0 ? ` · ${t.held} on hold` : ''}`}
                    </td>
                    <td data-label="Price">
                      {t.ticketType === 'free' ? 'Free' : formatNaira(t.ticketPrice)}
                    </td>
                    <td data-label="Actions">
                      <Button
                        size="sm"
                        tone="secondary"
                        aria-label={`Edit ${named(t)}`}
                        onClick={() => setOpen({ kind: t.ticketType, ticket: t })}
                      >
                        Edit
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {open === 'choosing' && (
          <div className={styles.choiceGrid}>
            <button
              type="button"
              className={styles.choice}
              onClick={() => setOpen({ kind: 'free', ticket: null })}
            >
              <span className={styles.choiceTitle}>Free ticket</span>
            </button>
            <button
              type="button"
              className={styles.choice}
              onClick={() => setOpen({ kind: 'paid', ticket: null })}
            >
              <span className={styles.choiceTitle}>Paid ticket</span>
            </button>
          </div>
        )}
      </section>
      {open !== null && open !== 'choosing' && (
        <TicketFormPanel
          key={`${open.kind}-${open.ticket?._id ?? 'new'}`}
          eventId={event._id}
          kind={open.kind}
          ticket={open.ticket}
          payoutAccount={payoutAccount}
          payoutYours={payoutYours}
          onSaved={() => {
            setOpen(null);
            void router.invalidate();
          }}
          // The page's copy is read again, so the next form knows the account just saved.
          onPayoutSaved={() => void router.invalidate()}
          onCancel={() => setOpen(null)}
        />
      )}
      <section className={styles.card} aria-labelledby="sales-live-title">
        <h2 id="sales-live-title" className={styles.subtitle}>
          Ticket sales
        </h2>
        <p className={styles.lead}>
          {event.status !== 'published'
            ? 'Sales open when the event is published.'
            : event.salesPaused
              ? 'Sales are paused: guests cannot get tickets.'
              : 'Sales are live.'}
        </p>
        {event.status === 'published' && (
          <div>
            <Button
              tone={live ? 'secondary' : 'primary'}
              busy={salesBusy}
              onClick={() => actor.send({ type: 'sales.set', live: !live })}
            >
              {live ? 'Pause sales' : 'Set live'}
            </Button>
          </div>
        )}
      </section>
      <DiscountCodes eventId={event._id} tickets={tickets} />
      <AccessCodes eventId={event._id} tickets={tickets} />
      <CheckoutQuestions eventId={event._id} />
      <FeeSettings event={event} />
      <TicketChangeSettings event={event} />
      <OnsaleSettings eventId={event._id} />
      <WaitlistPanel eventId={event._id} />
      <section className={styles.card} aria-labelledby="email-title">
        <h2 id="email-title" className={styles.subtitle}>
          Ticket e-mail
        </h2>
        <TextAreaField
          label="Ticket e-mail message"
          rows={4}
          placeholder="Doors open at 6 pm. Bring your QR code."
          value={emailMessage}
          disabled={savingMessage}
          onValueChange={(value) => actor.send({ type: 'emailMessage.change', value })}
        />
        <div className={styles.actions}>
          <Button busy={savingMessage} onClick={() => actor.send({ type: 'emailMessage.save' })}>
            Save message
          </Button>
        </div>
        <form
          className={styles.actionsSpread}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'testEmail.send' });
          }}
        >
          <div className={styles.grow}>
            <TextField
              label="Send a test ticket e-mail to"
              type="email"
              autoComplete="email"
              value={testEmail}
              disabled={sendingTest}
              onValueChange={(value) => actor.send({ type: 'testEmail.change', value })}
            />
          </div>
          <Button type="submit" tone="secondary" busy={sendingTest}>
            Send test
          </Button>
        </form>
      </section>
    </>
  );
}
