import { useSelector } from '@xstate/react';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Field';
import * as styles from '../organiser.css';
import { availableText, priceText } from '../ticketFormat';
import type { WizardActor } from '../WizardPage';

/** The event's ticket types before the poster, with working row actions. */
export function PreviewStep({ actor }: { actor: WizardActor }) {
  const tickets = useSelector(actor, (s) => s.context.tickets);
  const deletingId = useSelector(actor, (s) => s.context.deletingId);
  const message = useSelector(actor, (s) => s.context.message);
  const eventName = useSelector(actor, (s) => s.context.event?.eventName ?? '');
  return (
    <section className={styles.card} aria-labelledby="preview-title">
      <h2 id="preview-title" className={styles.subtitle}>
        Tickets for {eventName}
      </h2>
      {tickets.length === 0 ? (
        <div className={styles.empty}>
          <strong>No tickets yet</strong>
          <span>Add a ticket before you continue.</span>
        </div>
      ) : (
        <div className={styles.tableWrap}>
          {/* Rows become cards on a phone, so the price and the buttons are never cut off. */}
          <table className={[styles.table, styles.cardsOnPhone].join(' ')}>
            <thead>
              <tr>
                <th scope="col">Ticket Name</th>
                <th scope="col">Available</th>
                <th scope="col">Price</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {tickets.map((t) => (
                <tr key={t._id}>
                  <td data-label="Ticket Name">{t.ticketName}</td>
                  <td data-label="Available">{availableText(t)}</td>
                  <td data-label="Price">{priceText(t)}</td>
                  <td data-label="Actions">
                    <div className={styles.rowActions}>
                      <Button
                        size="sm"
                        tone="secondary"
                        aria-label={`Edit ${t.ticketName}`}
                        disabled={deletingId !== null}
                        onClick={() => actor.send({ type: 'ticket.edit', ticketId: t._id })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        tone="ghost"
                        aria-label={`Delete ${t.ticketName}`}
                        busy={deletingId === t._id}
                        disabled={deletingId !== null}
                        onClick={() => actor.send({ type: 'ticket.delete', ticketId: t._id })}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FormAlert tone="error">{message}</FormAlert>
      <div className={styles.actionsSpread}>
        <Button tone="secondary" onClick={() => actor.send({ type: 'step.back' })}>
          Back
        </Button>
        <div className={styles.actions}>
          <Button tone="secondary" onClick={() => actor.send({ type: 'ticket.add' })}>
            Add Ticket
          </Button>
          <Button onClick={() => actor.send({ type: 'step.proceed' })}>Proceed</Button>
        </div>
      </div>
    </section>
  );
}
