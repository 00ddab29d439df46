import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { SocialField } from '../../../machines/eventWizard.machine';
import type { SavedPayout } from '../../../machines/ticketForm.machine';
import { Button } from '../../ui/Button';
import { FormAlert, TextField } from '../../ui/Field';
import * as fields from '../../ui/field.css';
import * as styles from '../organiser.css';
import { TicketFormPanel } from '../TicketFormPanel';
import { priceText } from '../ticketFormat';
import type { WizardActor } from '../WizardPage';

const SOCIALS: Array<{ name: SocialField; label: string; placeholder: string }> = [
  { name: 'website', label: 'Website', placeholder: 'https://yourevent.ng' },
  { name: 'twitter', label: 'X (Twitter)', placeholder: 'https://x.com/…' },
  { name: 'instagram', label: 'Instagram', placeholder: 'https://instagram.com/…' },
  { name: 'whatsapp', label: 'WhatsApp', placeholder: 'https://wa.me/234…' },
  { name: 'facebook', label: 'Facebook', placeholder: 'https://facebook.com/…' },
  { name: 'telegram', label: 'Telegram', placeholder: 'https://t.me/…' },
];

/** Step 2: add ticket types one at a time, the social links, Back and Proceed. */
export function TicketsStep({
  actor,
  payoutAccount,
}: {
  actor: WizardActor;
  payoutAccount: SavedPayout | null;
}) {
  // The account the owner saves from one paid ticket's form is the next form's saved account (#32 item 3).
  const [payout, setPayout] = useState(payoutAccount);
  const sub = useSelector(actor, (s) =>
    s.matches({ tickets: { editing: 'picking' } })
      ? 'picking'
      : s.matches({ tickets: { editing: 'form' } })
        ? 'form'
        : s.matches({ tickets: 'savingSocials' })
          ? 'saving'
          : 'idle',
  );
  const tickets = useSelector(actor, (s) => s.context.tickets);
  const ticketForm = useSelector(actor, (s) => s.context.ticketForm);
  // A ticket type opened from the preview: its row says so while its form is open below.
  const editingId = sub === 'form' ? (ticketForm?.ticket?._id ?? null) : null;
  const eventId = useSelector(actor, (s) => s.context.event?._id ?? '');
  const socials = useSelector(actor, (s) => s.context.socials);
  const message = useSelector(actor, (s) => s.context.message);

  return (
    <>
      <section className={styles.card} aria-labelledby="tickets-title">
        <h2 id="tickets-title" className={styles.subtitle}>
          Tickets
        </h2>
        {tickets.length === 0 ? (
          <p className={styles.lead}>Add your first ticket: free, or paid in Naira.</p>
        ) : (
          <ul className={styles.fieldset} aria-label="Tickets added">
            {tickets.map((t) => (
              <li
                key={t._id}
                className={styles.actionsSpread}
                aria-current={t._id === editingId ? 'true' : undefined}
              >
                <span className={styles.actions}>
                  <strong>{t.ticketName}</strong>
                  {t._id === editingId && <span className={styles.badge}>Editing</span>}
                </span>
                <span>{priceText(t)}</span>
              </li>
            ))}
          </ul>
        )}
        {sub === 'idle' && (
          <div>
            <Button onClick={() => actor.send({ type: 'ticket.add' })}>Add ticket</Button>
          </div>
        )}
        {sub === 'picking' && (
          <div className={styles.fieldset}>
            <p className={fields.label}>What kind of ticket?</p>
            <div className={styles.choiceGrid}>
              <button
                type="button"
                className={styles.choice}
                onClick={() => actor.send({ type: 'ticket.pick', kind: 'free' })}
              >
                <span className={styles.choiceTitle}>Free ticket</span>
                <span className={styles.note}>Guests register at no cost.</span>
              </button>
              <button
                type="button"
                className={styles.choice}
                onClick={() => actor.send({ type: 'ticket.pick', kind: 'paid' })}
              >
                <span className={styles.choiceTitle}>Paid ticket</span>
                <span className={styles.note}>Priced in Naira, paid into your bank account.</span>
              </button>
            </div>
            <div>
              <Button tone="ghost" onClick={() => actor.send({ type: 'ticket.dismiss' })}>
                Not now
              </Button>
            </div>
          </div>
        )}
      </section>
      {sub === 'form' && ticketForm && (
        <TicketFormPanel
          key={`${ticketForm.kind}-${ticketForm.ticket?._id ?? 'new'}`}
          eventId={eventId}
          kind={ticketForm.kind}
          ticket={ticketForm.ticket}
          payoutAccount={payout}
          payoutYours
          onPayoutSaved={setPayout}
          onSaved={(ticket) => actor.send({ type: 'ticket.saved', ticket })}
          onCancel={() => actor.send({ type: 'ticket.dismiss' })}
        />
      )}
      <section className={styles.card} aria-labelledby="socials-title">
        <h2 id="socials-title" className={styles.subtitle}>
          Social links
        </h2>
        <p className={styles.note}>Optional. Shown on your event page so guests can follow you.</p>
        <div className={fields.row}>
          {SOCIALS.map((s) => (
            <TextField
              key={s.name}
              label={s.label}
              type="url"
              placeholder={s.placeholder}
              value={socials[s.name] ?? ''}
              disabled={sub === 'saving'}
              onValueChange={(value) => actor.send({ type: 'socials.change', name: s.name, value })}
            />
          ))}
        </div>
      </section>
      <FormAlert tone="error">{message}</FormAlert>
      <div className={styles.actionsSpread}>
        <Button
          tone="secondary"
          onClick={() => actor.send({ type: 'step.back' })}
          disabled={sub === 'saving'}
        >
          Back
        </Button>
        <Button onClick={() => actor.send({ type: 'step.proceed' })} busy={sub === 'saving'}>
          Proceed
        </Button>
      </div>
    </>
  );
}
