import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ticketMessageMachine } from '../../machines/ticketMessage.machine';
import { fetchTicketMessage } from '../api/guestMessages';
import * as messageStyles from '../organiser/manage/messages.css';
import * as ticketStyles from './tickets.css';

const machine = ticketMessageMachine.provide({
  actors: { load: fromPromise(({ input }) => fetchTicketMessage(input.key)) },
});

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-NG', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Lagos',
  }).format(new Date(iso));

/**
 * The organiser's latest message to this ticket's holders (decision 063), under the ticket. Asked by
 * the ticket's code or share token, in a request body. The text is rendered as text (React escapes
 * it; line breaks kept by CSS), never as markup.
 */
export function OrganiserMessage({ ticketKey }: { ticketKey: string }) {
  const actor = useActorRef(machine, { input: { ticketKey } });
  const message = useSelector(actor, (s) => s.context.message);
  if (!message) return null;
  return (
    <section className={ticketStyles.changes} aria-labelledby="organiser-message-title">
      <p className={ticketStyles.changesNote}>From the organiser · {when(message.createdAt)}</p>
      <h2 id="organiser-message-title" className={ticketStyles.changesTitle}>
        {message.subject}
      </h2>
      <p className={messageStyles.messageText}>{message.body}</p>
      <p className={ticketStyles.changesNote}>— {message.sentByName}</p>
    </section>
  );
}
