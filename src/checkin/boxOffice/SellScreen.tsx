import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { cartTotal, PAYMENT_METHOD_NAMES, PAYMENT_METHODS } from '../../../contract/boxOffice';
import { formatNaira } from '../../../contract/money';
import { boxOfficeMachine } from '../../../machines/boxOffice.machine';
import { whatsappDigits } from '../../lib/whatsapp';
import { Button } from '../../ui/Button';
import { FormAlert, TextField } from '../../ui/Field';
import * as screen from '../ScannerScreen.css';
import { boxOfficeActors } from './actors';
import * as styles from './SellScreen.css';

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The door's Sell screen (decision 062): pick types and quantities from the seats this device holds,
 * the guest's name (email or phone optional), how they paid; the guest is admitted at once. Works
 * offline: sales wait on the device and upload with the next sync.
 */
export function SellScreen({ eventId }: { eventId: string }) {
  const machine = useMemo(() => boxOfficeMachine.provide({ actors: boxOfficeActors(eventId) }), [eventId]);
  const [s, send] = useMachine(machine);
  const c = s.context;
  const total = cartTotal(c.cart, c.allowances);
  const busy = s.matches('starting') || s.matches('syncing') || s.matches('saving') || s.matches('closing');

  if (s.matches('sold')) {
    const sale = c.lastSale;
    const phone = sale?.phone ? whatsappDigits(sale.phone) : null;
    return (
      <section className={screen.result.good} data-testid="sale-done" aria-live="polite">
        <h2 className={`${screen.resultTitle} ${screen.resultTitleTone.good}`}>Sold — let them in</h2>
        <p className={screen.attendee}>{sale?.guestName}</p>
        <p className={screen.detail}>
          {count(sale?.lines.reduce((n, l) => n + l.quantity, 0) ?? 0, 'ticket')} ·{' '}
          {sale ? PAYMENT_METHOD_NAMES[sale.method] : ''}
          {sale?.paymentNote ? ` · ${sale.paymentNote}` : ''}
        </p>
        <p className={screen.detail} data-testid="sale-upload">
          {s.matches({ sold: 'uploading' }) && 'Uploading…'}
          {s.matches({ sold: 'queued' }) && 'Offline: saved on this device, uploads with the next sync.'}
          {s.matches({ sold: 'uploaded' }) &&
            (c.receipt ? `${c.receipt.message} Order ${c.receipt.orderReference ?? ''}` : 'Uploaded.')}
        </p>
        {c.receipt?.emailed && <p className={screen.detail}>The tickets were emailed to {sale?.email}.</p>}
        {phone &&
          c.receipt?.tickets.map((t) => (
            <a
              key={t.shareToken}
              className={screen.detail}
              href={`https://wa.me/${phone}?text=${encodeURIComponent(
                `${t.attendeeName}, here is your ${t.ticketName} ticket: ${window.location.origin}/t#${t.shareToken}`,
              )}`}
              target="_blank"
              rel="noreferrer"
            >
              Send {t.ticketName} on WhatsApp
            </a>
          ))}
        {phone && !c.receipt && (
          <p className={screen.detail}>The WhatsApp link is ready once the sale is uploaded.</p>
        )}
        <div className={screen.resultActions}>
          <Button onClick={() => send({ type: 'next' })}>Next guest</Button>
        </div>
      </section>
    );
  }

  if (s.matches('closed'))
    return (
      <section className={screen.panel} data-testid="till-closed">
        <h2 className={screen.panelTitle}>Till closed</h2>
        <p className={screen.muted}>The seats this device held are back on sale.</p>
        <Button onClick={() => send({ type: 'reopen' })}>Open the till again</Button>
      </section>
    );

  const methodNoteLabel =
    c.form.method === 'transfer' ? "Sender's name (as on the transfer)" : 'POS reference';
  return (
    <form
      className={screen.panel}
      aria-label="Sell tickets"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'sell' });
      }}
    >
      <h2 className={screen.panelTitle}>Sell at the door</h2>
      <p className={screen.muted} data-testid="till-state">
        {c.offline ? 'Offline · ' : ''}
        {c.queued > 0 ? `${count(c.queued, 'sale')} waiting to upload · ` : ''}
        {s.matches('starting') || s.matches('syncing')
          ? 'Syncing…'
          : 'Selling from the seats this device holds.'}
      </p>
      {c.types.length === 0 && !busy && (
        <p className={screen.muted}>This device holds no seats yet. Connect and sync.</p>
      )}
      <div>
        {c.types.map((t) => {
          const held = c.allowances.find((a) => a.ticketTypeId === t.ticketTypeId);
          const q = c.cart[t.ticketTypeId] ?? 0;
          return (
            <div key={t.ticketTypeId} className={styles.typeRow} data-testid="sell-type">
              <div>
                <p className={styles.typeName}>{t.ticketName}</p>
                <p className={screen.muted}>
                  {formatNaira(held?.price ?? t.price)} · {held?.remaining ?? 0} held on this device
                </p>
              </div>
              <div className={styles.stepper}>
                <Button
                  tone="secondary"
                  size="sm"
                  aria-label={`One fewer ${t.ticketName}`}
                  onClick={() => send({ type: 'cart.remove', ticketTypeId: t.ticketTypeId })}
                  disabled={q === 0}
                >
                  −
                </Button>
                <output className={styles.qty} aria-label={`${t.ticketName} quantity`} aria-live="polite">
                  {q}
                </output>
                <Button
                  tone="secondary"
                  size="sm"
                  aria-label={`One more ${t.ticketName}`}
                  onClick={() => send({ type: 'cart.add', ticketTypeId: t.ticketTypeId })}
                  disabled={q >= (held?.remaining ?? 0)}
                >
                  +
                </Button>
              </div>
            </div>
          );
        })}
      </div>
      {c.errors.lines && <FormAlert tone="error">{c.errors.lines}</FormAlert>}
      <div className={styles.fields}>
        <TextField
          label="Guest's name"
          requiredMark
          value={c.form.guestName}
          error={c.errors.guestName}
          onValueChange={(value) => send({ type: 'field.change', field: 'guestName', value })}
        />
        <TextField
          label="Email (optional: the tickets are emailed)"
          type="email"
          inputMode="email"
          value={c.form.email}
          error={c.errors.email}
          onValueChange={(value) => send({ type: 'field.change', field: 'email', value })}
        />
        <TextField
          label="Phone (optional: send the ticket on WhatsApp)"
          type="tel"
          inputMode="tel"
          value={c.form.phone}
          error={c.errors.phone}
          onValueChange={(value) => send({ type: 'field.change', field: 'phone', value })}
        />
      </div>
      <fieldset className={styles.methods}>
        <legend className={screen.muted}>Paid by</legend>
        {PAYMENT_METHODS.map((m) => (
          <Button
            key={m}
            tone={c.form.method === m ? 'primary' : 'secondary'}
            aria-pressed={c.form.method === m}
            onClick={() => send({ type: 'method.pick', method: m })}
          >
            {PAYMENT_METHOD_NAMES[m]}
          </Button>
        ))}
      </fieldset>
      {c.form.method !== 'cash' && (
        <TextField
          label={methodNoteLabel}
          requiredMark
          value={c.form.paymentNote}
          error={c.errors.paymentNote}
          onValueChange={(value) => send({ type: 'field.change', field: 'paymentNote', value })}
        />
      )}
      <p className={styles.total} data-testid="sale-total">
        Total {formatNaira(total)}
      </p>
      {c.problem && <FormAlert tone="error">{c.problem}</FormAlert>}
      <Button
        type="submit"
        size="lg"
        block
        busy={s.matches('saving')}
        disabled={busy && !s.matches('saving')}
      >
        Sell and admit
      </Button>
      <div className={screen.resultActions}>
        <Button tone="ghost" onClick={() => send({ type: 'sync' })} disabled={busy}>
          Sync now
        </Button>
        <Button tone="ghost" onClick={() => send({ type: 'close' })} disabled={busy}>
          Close the till
        </Button>
      </div>
    </form>
  );
}
