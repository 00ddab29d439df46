import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import type { OrganiserTicket } from '../../contract/tickets';
import {
  type SavedPayout,
  type TicketField,
  type TicketKind,
  ticketFormMachine,
} from '../../machines/ticketForm.machine';
import {
  fetchBanks,
  resolveAccount,
  savePayoutAccount,
  saveTicket,
  uploadTicketImage,
} from '../api/organiser';
import { Button } from '../ui/Button';
import { FormAlert, PasswordField, TextAreaField, TextField } from '../ui/Field';
import * as fields from '../ui/field.css';
import { notify, notifyAction } from '../ui/notify';
import { SelectField } from './EventDetailsFields';
import * as styles from './organiser.css';
import { PosterUpload } from './PosterUpload';
import { TableFields } from './TableFields';

const machine = ticketFormMachine.provide({
  actors: {
    saveTicket: fromPromise(({ input }) => saveTicket(input)),
    uploadTicketImage: fromPromise(({ input }) => uploadTicketImage(input.ticketId, input.file as File)),
    loadBanks: fromPromise(async () => {
      const answer = await fetchBanks();
      return { ...answer, banks: answer.banks.map(({ name, code }) => ({ name, code })) };
    }),
    resolveAccount: fromPromise(({ input }) => resolveAccount(input)),
    // The owner's payout settings route (with the password): ticket forms never save payouts themselves.
    savePayout: fromPromise(async ({ input }) => (await savePayoutAccount(input)).payoutAccount),
  },
  actions: {
    notify: notifyAction,
  },
});

type Props = {
  eventId: string;
  kind: TicketKind;
  ticket: OrganiserTicket | null;
  payoutAccount: SavedPayout | null;
  /** false when the account is the event owner's, shown to a co-organiser (read-only). */
  payoutYours: boolean;
  onSaved: (ticket: OrganiserTicket) => void;
  /** The owner saved an account from this form: the page keeps it for its next ticket form. */
  onPayoutSaved: (payout: SavedPayout) => void;
  onCancel: () => void;
};

/** The free or paid ticket form, with the payout account for a paid one. */
export function TicketFormPanel(props: Props) {
  const { eventId, kind, ticket, payoutAccount, payoutYours, onSaved, onPayoutSaved, onCancel } = props;
  const actor = useActorRef(
    machine.provide({
      actions: {
        ticketSaved: (_, p) => onSaved(p.ticket),
        payoutSaved: (_, p) => onPayoutSaved(p.payout),
      },
    }),
    { input: { eventId, kind, ticket, savedPayout: payoutAccount, payoutYours } },
  );
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const image = useSelector(actor, (s) => s.context.image);
  const busy = useSelector(actor, (s) => s.context.busy);
  const table = values.unit === 'table';
  const bind = (name: TicketField) => ({
    value: values[name],
    error: errors[name],
    disabled: busy,
    onValueChange: (value: string) => actor.send({ type: 'field.change', name, value }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  }

  const heading = `${ticket ? 'Edit' : 'New'} ${kind === 'paid' ? 'paid' : 'free'} ticket`;
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-label={heading}>
      <h2 className={styles.subtitle}>{heading}</h2>
      <FormAlert tone="error">{formError}</FormAlert>
      <TextField label="Ticket Name" requiredMark placeholder="Regular" {...bind('ticketName')} />
      <TextAreaField label="Ticket Description" rows={3} {...bind('ticketDescription')} />
      <TableFields
        values={values}
        errors={errors}
        busy={busy}
        change={(name, value) => actor.send({ type: 'field.change', name, value })}
      />
      <div className={fields.row}>
        <SelectField
          label="Stock"
          value={values.ticketStock}
          options={[
            { value: 'limited', label: 'Limited' },
            { value: 'unlimited', label: 'Unlimited' },
          ]}
          disabled={busy}
          onChange={(value) => actor.send({ type: 'field.change', name: 'ticketStock', value })}
        />
        {values.ticketStock === 'limited' && (
          <TextField
            label={table ? 'Available tables' : 'Available Tickets'}
            requiredMark
            type="number"
            inputMode="numeric"
            min={1}
            {...bind('availableTickets')}
          />
        )}
      </div>
      <div className={fields.row}>
        <TextField
          label={table ? 'Tables per order (limit)' : 'Purchase Limit (per order)'}
          requiredMark
          type="number"
          inputMode="numeric"
          min={1}
          max={10}
          {...bind('purchaseLimit')}
        />
        {kind === 'paid' && (
          <TextField
            label={table ? 'Price per table (₦)' : 'Price (₦)'}
            requiredMark
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            {...bind('ticketPrice')}
          />
        )}
      </div>
      <TextAreaField
        label="Benefits"
        requiredMark
        rows={3}
        placeholder="Entry, a drink, front-row seat"
        {...bind('benefits')}
      />
      <div className={fields.row}>
        <TextField label="On sale from (optional)" type="datetime-local" {...bind('onSaleFrom')} />
        <TextField label="On sale until (optional)" type="datetime-local" {...bind('onSaleUntil')} />
      </div>
      <SelectField
        label="Who can buy it"
        value={values.visibility}
        options={[
          { value: 'public', label: 'Everyone (shown on the event page)' },
          { value: 'hidden', label: 'Only people with an access code (hidden)' },
        ]}
        disabled={busy}
        onChange={(value) => actor.send({ type: 'field.change', name: 'visibility', value })}
      />
      <div className={styles.fieldset}>
        <PosterUpload
          label="Ticket image (optional)"
          previewUrl={image?.previewUrl ?? ticket?.image ?? null}
          disabled={busy}
          onSelect={(file, previewUrl) => actor.send({ type: 'image.select', file, previewUrl })}
          onReject={(reason) => notify.error(reason)}
        />
        {image && (
          <Button tone="ghost" size="sm" onClick={() => actor.send({ type: 'image.clear' })}>
            Remove image
          </Button>
        )}
      </div>
      {kind === 'paid' && <PayoutFields actor={actor} />}
      <div className={styles.actions}>
        <Button tone="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          {ticket ? 'Save ticket' : 'Create ticket'}
        </Button>
      </div>
    </form>
  );
}

type Actor = ReturnType<typeof useActorRef<typeof machine>>;

/** Where a paid ticket's money goes: the saved payout account, or a bank and a resolved account. */
function PayoutFields({ actor }: { actor: Actor }) {
  const payout = useSelector(actor, (s) => s.value.payout);
  const c = useSelector(actor, (s) => s.context);
  const state = typeof payout === 'string' ? payout : `entry.${Object.values(payout)[0]}`;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>
        Payout account {c.mode === 'test' && <span className={styles.badgeWarn}>Test mode</span>}
      </legend>
      {state === 'saved' && c.savedPayout && (
        <>
          <p className={styles.readOnlyValue}>
            {c.savedPayout.accountName} · {c.savedPayout.bankName} · ••••••{c.savedPayout.accountNumberLast4}
          </p>
          {c.payoutYours ? (
            <>
              <p className={styles.note}>Ticket money is paid into your saved payout account.</p>
              <div>
                <Button
                  tone="ghost"
                  size="sm"
                  disabled={c.busy}
                  onClick={() => actor.send({ type: 'payout.change' })}
                >
                  Use a different account
                </Button>
              </div>
            </>
          ) : (
            <p className={styles.note}>
              Ticket money is paid into the event owner's payout account. Only the owner can change it.
            </p>
          )}
        </>
      )}
      {state === 'ownerMissing' && <p className={styles.note}>{c.payoutMessage}</p>}
      {state === 'loadingBanks' && <p className={styles.note}>Loading banks…</p>}
      {state === 'banksFailed' && (
        <div className={styles.actionsSpread}>
          <p className={styles.errorText} role="alert">
            The banks could not be loaded. Check your connection and try again.
          </p>
          <Button tone="secondary" size="sm" onClick={() => actor.send({ type: 'banks.retry' })}>
            Try again
          </Button>
        </div>
      )}
      {state.startsWith('entry') && (
        <>
          <div className={fields.row}>
            <SelectField
              label="Bank"
              value={c.bankCode}
              options={c.banks.map((b) => ({ value: b.code, label: b.name }))}
              placeholder="Choose your bank"
              disabled={c.busy}
              onChange={(code) => actor.send({ type: 'bank.select', code })}
            />
            <TextField
              label="Account Number"
              requiredMark
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              placeholder="10 digits"
              value={c.accountNumber}
              disabled={c.busy}
              onValueChange={(value) => actor.send({ type: 'accountNumber.change', value })}
            />
          </div>
          <div className={fields.field}>
            <span className={fields.label}>Account Name</span>
            <output className={styles.readOnlyValue} aria-live="polite">
              {state === 'entry.resolving' ? 'Checking with the bank…' : (c.accountName ?? '—')}
            </output>
            {c.payoutMessage && (
              <p className={styles.errorText} role="alert">
                {c.payoutMessage}
              </p>
            )}
          </div>
          <PasswordField
            label="Your password, to confirm the payout account"
            autoComplete="current-password"
            value={c.password}
            disabled={c.busy}
            onValueChange={(value) => actor.send({ type: 'password.change', value })}
          />
          <p className={styles.note}>
            Saved as your payout account (Account settings → Payouts), so your next paid ticket uses it too.
          </p>
          {c.savedPayout && (
            <div>
              <Button tone="ghost" size="sm" onClick={() => actor.send({ type: 'payout.keep' })}>
                Keep my saved account
              </Button>
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}
