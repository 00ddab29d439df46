import { ticketTransferredMail } from '../../adapters/mail/templates';
import { findEvent, findOrder, type IssuedTicketRow } from '../orders/data';
import type { CheckoutDeps } from '../orders/deps';

/**
 * After a transfer or a claim: the previous holder and the buyer (once each, never the new holder)
 * are told where the ticket went, so a buyer keeps a record and a holder notices a change they did
 * not make.
 */
export async function sendTransferNotice(
  deps: CheckoutDeps,
  old: IssuedTicketRow,
  to: { firstName: string; lastName: string; email: string },
) {
  const order = await findOrder(deps.db, old.orderId);
  const event = order ? await findEvent(deps.db, order.eventId) : null;
  if (!order || !event) return;
  const recipients = new Map<string, { firstName: string; buyer: boolean }>();
  recipients.set(order.buyerEmail.toLowerCase(), { firstName: order.buyerFirstName, buyer: true });
  if (!recipients.has(old.attendeeEmail.toLowerCase()))
    recipients.set(old.attendeeEmail.toLowerCase(), { firstName: old.attendeeFirstName, buyer: false });
  recipients.delete(to.email.toLowerCase());
  for (const [email, { firstName, buyer }] of recipients)
    await deps.mail.send(
      ticketTransferredMail({
        to: email,
        firstName,
        eventName: event.eventName,
        toName: `${to.firstName} ${to.lastName}`.trim(),
        toEmail: to.email,
        orderReference: order.reference,
        orderLink: buyer ? `${deps.config.appUrl}/orders/${order.id}` : null,
      }),
    );
}
