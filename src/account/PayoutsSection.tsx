import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import type { PayoutAccount } from '../../contract/payouts';
import { type PayoutOnScreen, payoutSettingsMachine } from '../../machines/payoutSettings.machine';
import { fetchBanks, fetchPayoutAccount, resolveAccount, savePayoutAccount } from '../api/organiser';
import { SelectField } from '../organiser/EventDetailsFields';
import * as organiser from '../organiser/organiser.css';
import { Button } from '../ui/Button';
import { FormAlert, PasswordField, TextField } from '../ui/Field';
import * as forms from '../ui/field.css';
import { notifyAction } from '../ui/notify';
import * as styles from './AccountSettings.css';

const savedPayout = (p: PayoutAccount): PayoutOnScreen => ({
  bankName: p.bankName,
  accountName: p.accountName,
  accountNumberLast4: p.accountNumberLast4,
  changedAt: p.changedAt,
});

const lagosTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

const machine = payoutSettingsMachine.provide({
  actors: {
    load: fromPromise(async () => {
      const [account, banks] = await Promise.all([fetchPayoutAccount(), fetchBanks()]);
      return {
        payout: account.payoutAccount && savedPayout(account.payoutAccount),
        mode: banks.mode,
        banks: banks.banks.map(({ name, code }) => ({ name, code })),
        banksAvailable: banks.available,
      };
    }),
    resolveAccount: fromPromise(({ input }) => resolveAccount(input)),
    save: fromPromise(async ({ input }) => savedPayout((await savePayoutAccount(input)).payoutAccount)),
  },
  actions: {
    notify: notifyAction,
  },
});

/** Settings › Payouts: where paid-ticket money goes (the organiser's one payout account). */
export function PayoutsSection() {
  const actor = useActorRef(machine);
  const c = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const resolving = useSelector(actor, (s) => s.matches({ ready: 'resolving' }));
  const saving = useSelector(actor, (s) => s.matches({ ready: 'saving' }));
  function submit(e: FormEvent) {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  }
  return (
    <form className={forms.form} noValidate onSubmit={submit} aria-label="Payout account">
      <h3 className={styles.sectionTitle}>
        Payout account{' '}
        {c.mode === 'test' && !loading && <span className={organiser.badgeWarn}>Test mode</span>}
      </h3>
      {loading && <p className={forms.hint}>Loading…</p>}
      {failed && (
        <>
          <FormAlert tone="error">{c.message}</FormAlert>
          <div>
            <Button tone="secondary" onClick={() => actor.send({ type: 'retry' })}>
              Try again
            </Button>
          </div>
        </>
      )}
      {!loading && !failed && (
        <>
          <p className={forms.hint}>
            {c.payout
              ? `Paid-ticket money goes to ${c.payout.accountName}, ${c.payout.bankName} ••••••${c.payout.accountNumberLast4}. Enter another account to change it.`
              : 'No payout account yet. Add the bank account paid-ticket money should go to.'}
          </p>
          {c.payout && (
            <p className={forms.hint} data-testid="payout-changed-at">
              Last changed {lagosTime.format(new Date(c.payout.changedAt))} (Lagos time). We email you
              whenever it changes.
            </p>
          )}
          {!c.banksAvailable && (
            <FormAlert tone="error">The banks could not be loaded. Please try again later.</FormAlert>
          )}
          <div className={forms.row}>
            <SelectField
              label="Bank"
              value={c.bankCode}
              options={c.banks.map((b) => ({ value: b.code, label: b.name }))}
              placeholder="Choose your bank"
              disabled={saving}
              onChange={(code) => actor.send({ type: 'bank.select', code })}
            />
            <TextField
              label="Account number"
              inputMode="numeric"
              maxLength={10}
              autoComplete="off"
              value={c.accountNumber}
              disabled={saving}
              onValueChange={(value) => actor.send({ type: 'accountNumber.change', value })}
            />
          </div>
          <div className={forms.field}>
            <span className={forms.label}>Account name</span>
            <output className={organiser.readOnlyValue} aria-live="polite">
              {resolving ? 'Checking with the bank…' : (c.accountName ?? '—')}
            </output>
          </div>
          <PasswordField
            label="Your password, to confirm"
            autoComplete="current-password"
            value={c.password}
            disabled={saving}
            onValueChange={(value) => actor.send({ type: 'password.change', value })}
          />
          <FormAlert tone="error">{c.message}</FormAlert>
          <div className={styles.actions}>
            <Button type="submit" busy={saving}>
              Save payout account
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
