import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { addressLine } from '../../contract/address';
import { sharedTicketMachine } from '../../machines/sharedTicket.machine';
import { claimSharedTicket, openSharedTicket } from '../api/ticketChanges';
import { useSessionUser } from '../app/session';
import * as styles from '../checkout/checkout.css';
import { formatEventDate, formatEventTime } from '../lib/datetime';
import { Button, ButtonLink } from '../ui/Button';
import { FormAlert } from '../ui/Field';
import { notifyAction } from '../ui/notify';
import { OrganiserMessage } from './OrganiserMessage';
import { rememberSharedTicket } from './sharedTicketToken';
import { TicketCard } from './TicketCard';
import * as ticketStyles from './tickets.css';

/**
 * /t#token: one ticket opened by its own link (decision 040), for whoever was sent it: its QR to
 * show at the entrance, and for a signed-in visitor 'Add to My Tickets'. Signed out, signing in
 * brings them back here (the token is kept in this tab, never in a URL a server sees).
 */
export function SharedTicketPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const user = useSessionUser();
  const actor = useActorRef(
    sharedTicketMachine.provide({
      actors: {
        open: fromPromise(({ input }) => openSharedTicket(input.token)),
        claim: fromPromise(async ({ input }) => {
          const answer = await claimSharedTicket(input.token);
          return { code: answer.ticket.code, message: answer.message };
        }),
      },
      actions: {
        notify: notifyAction,
        claimed: (_, { code }) => void navigate({ to: '/tickets/$code', params: { code }, replace: true }),
      },
    }),
    { input: { token } },
  );
  const state = useSelector(actor, (s) => s.value as string);
  const ticket = useSelector(actor, (s) => s.context.ticket);
  const error = useSelector(actor, (s) => s.context.error);

  if (state === 'gone' || state === 'failed' || !ticket)
    return (
      <main id="main" className={styles.page}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>Ticket</p>
          <h1 className={styles.title}>
            {state === 'gone'
              ? 'This ticket link does not work'
              : state === 'failed'
                ? 'Could not load the ticket'
                : 'Opening your ticket…'}
          </h1>
          {error && <p className={styles.meta}>{error}</p>}
        </header>
        {state === 'failed' && <Button onClick={() => actor.send({ type: 'retry' })}>Try again</Button>}
        {state === 'gone' && (
          <ButtonLink to="/tickets/all" tone="secondary">
            Browse events
          </ButtonLink>
        )}
      </main>
    );

  const { event } = ticket;
  const place = event.eventLocation === 'online' ? 'Online' : addressLine([event.location, event.state]);
  const mine = user !== null && user.email.toLowerCase() === ticket.attendeeEmail.toLowerCase();
  return (
    <main id="main" className={styles.page} data-printable="">
      <header className={styles.header}>
        <p className={styles.eyebrow}>Ticket for {ticket.attendeeName}</p>
        <h1 className={styles.title}>{event.eventName}</h1>
        <p className={styles.meta}>
          {formatEventDate(event.startDate)} · {formatEventTime(event.startDate, event.startTime)}
          {place ? ` · ${place}` : ''}
        </p>
      </header>
      <ul className={[ticketStyles.grid, ticketStyles.single].join(' ')} aria-label="Ticket">
        {/* Given the event, the card offers 'Send on WhatsApp' with this ticket's link (never its code). */}
        <TicketCard ticket={ticket} testMode={ticket.testMode} size={260} canDownload={false} event={event} />
      </ul>
      <OrganiserMessage ticketKey={token} />
      <section
        className={[ticketStyles.changes, ticketStyles.noPrint].join(' ')}
        aria-labelledby="keep-title"
      >
        <h2 id="keep-title" className={ticketStyles.changesTitle}>
          Keep it safe
        </h2>
        <FormAlert tone="error">{error}</FormAlert>
        {mine ? (
          <p className={ticketStyles.changesNote}>
            This ticket is yours: it is in <Link to="/profile">My Tickets</Link>.
          </p>
        ) : user ? (
          <>
            <p className={ticketStyles.changesNote}>
              Add it to your account ({user.email}) to find it in My Tickets. A new QR code is issued to you
              and this link stops working.
            </p>
            {ticket.transferRefusal ? (
              <p className={ticketStyles.changesNote}>{ticket.transferRefusal}</p>
            ) : (
              <Button busy={state === 'claiming'} onClick={() => actor.send({ type: 'claim' })}>
                Add to My Tickets
              </Button>
            )}
          </>
        ) : (
          <>
            <p className={ticketStyles.changesNote}>
              Show this QR code at the entrance, or print this page. Sign in to keep the ticket in your
              account.
            </p>
            <div className={ticketStyles.cardActions}>
              <ButtonLink
                to="/login"
                search={{ from: '/t' }}
                tone="secondary"
                onClick={() => rememberSharedTicket(token)}
              >
                Sign in to keep it
              </ButtonLink>
              <Button tone="ghost" onClick={() => window.print()}>
                Print ticket
              </Button>
            </div>
          </>
        )}
      </section>
    </main>
  );
}
