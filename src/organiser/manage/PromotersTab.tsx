import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { formatNaira } from '../../../contract/money';
import type { CommissionRule, Promoter } from '../../../contract/promoters';
import type { OrganiserTicket } from '../../../contract/tickets';
import { promotersMachine } from '../../../machines/promoters.machine';
import { addPromoter, fetchPromoters, fetchPromotersCsv } from '../../api/promoters';
import { Button } from '../../ui/Button';
import { FormAlert, TextField } from '../../ui/Field';
import * as fields from '../../ui/field.css';
import { notify, notifyAction } from '../../ui/notify';
import * as rows from '../../ui/rowList.css';
import { SelectField } from '../EventDetailsFields';
import * as styles from '../organiser.css';
import * as own from './promoters.css';
import { saveBlob } from './saveBlob';
import * as team from './team.css';

const machine = promotersMachine.provide({
  actors: {
    load: fromPromise(({ input }) => fetchPromoters(input.eventId)),
    create: fromPromise(({ input }) => addPromoter(input)),
  },
  actions: { notify: notifyAction },
});

const KINDS = [
  { value: 'percent', label: 'Percentage of the ticket price' },
  { value: 'flat', label: '₦ per ticket' },
];

export const commissionText = (rule: CommissionRule) =>
  rule.kind === 'percent' ? `${rule.value} %` : `${formatNaira(rule.value)} per ticket`;

const copy = (text: string, what: string) =>
  navigator.clipboard?.writeText(text).then(() => notify.success(`${what} copied.`));

/**
 * The Promoters tab (decision 064): add a promoter (their links go out by email), see each one's
 * links and figures, and download what is owed as CSV. Finance reads; owner and co-organisers add.
 */
export function PromotersTab(props: { eventId: string; tickets: OrganiserTicket[]; canEdit: boolean }) {
  const actor = useActorRef(machine, { input: { eventId: props.eventId } });
  const c = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const creating = useSelector(actor, (s) => s.matches({ ready: 'creating' }));
  const ready = !loading && !failed;
  const paid = props.tickets.filter((t) => t.ticketPrice > 0);
  function submit(e: FormEvent) {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  }
  async function downloadCsv() {
    try {
      saveBlob(await fetchPromotersCsv(props.eventId), 'promoters.csv');
    } catch {
      notify.error('Export failed: please try again.');
    }
  }
  const unit = c.values.kind === 'percent' ? '%' : '₦';
  return (
    <>
      <section className={styles.card} aria-labelledby="promoters-title">
        <h2 id="promoters-title" className={styles.subtitle}>
          Promoters
        </h2>
        <p className={styles.note}>
          Pay promoters a commission on the tickets sold through their link. Commission is counted on what
          buyers paid for tickets after discounts (never the fees) and taken back by refunds. A promoter with
          a payout account on Gatepass is paid automatically with each sale; the rest shows as owed.
        </p>
        {loading && <p className={styles.note}>Loading promoters…</p>}
        {failed && (
          <div className={styles.actionsSpread}>
            <FormAlert tone="error">{c.formError}</FormAlert>
            <Button tone="secondary" onClick={() => actor.send({ type: 'retry' })}>
              Try again
            </Button>
          </div>
        )}
        {ready && props.canEdit && (
          <form className={fields.form} noValidate onSubmit={submit} aria-label="Add a promoter">
            <FormAlert tone="error">{c.formError}</FormAlert>
            <div className={fields.row}>
              <TextField
                label="Name"
                requiredMark
                value={c.values.name}
                error={c.errors.name}
                disabled={creating}
                onValueChange={(value) => actor.send({ type: 'field.change', name: 'name', value })}
              />
              <TextField
                label="Email"
                type="email"
                requiredMark
                placeholder="name@example.ng"
                value={c.values.email}
                error={c.errors.email}
                disabled={creating}
                onValueChange={(value) => actor.send({ type: 'field.change', name: 'email', value })}
              />
            </div>
            <div className={fields.row}>
              <SelectField
                label="Commission"
                value={c.values.kind}
                options={KINDS}
                disabled={creating}
                onChange={(value) =>
                  actor.send({ type: 'kind.change', kind: value === 'flat' ? 'flat' : 'percent' })
                }
              />
              <TextField
                label={c.values.kind === 'percent' ? 'Percentage (%)' : 'Amount per ticket (₦)'}
                inputMode="decimal"
                requiredMark
                value={c.values.value}
                error={c.errors.commission}
                disabled={creating}
                onValueChange={(value) => actor.send({ type: 'field.change', name: 'value', value })}
              />
            </div>
            {paid.length > 1 && (
              <fieldset className={own.perType}>
                <legend className={styles.note}>
                  Optional: a different commission ({unit}) for some ticket types
                </legend>
                <div className={fields.row}>
                  {paid.map((t) => (
                    <TextField
                      key={t._id}
                      label={`${t.nameWithDate ?? t.ticketName} (${unit})`}
                      inputMode="decimal"
                      placeholder="Same as above"
                      value={c.values.perType[t._id] ?? ''}
                      disabled={creating}
                      onValueChange={(value) =>
                        actor.send({ type: 'perType.change', ticketId: t._id, value })
                      }
                    />
                  ))}
                </div>
                {c.errors.perType && <p className={styles.errorText}>{c.errors.perType}</p>}
              </fieldset>
            )}
            <div className={styles.actions}>
              <Button type="submit" busy={creating}>
                Add promoter
              </Button>
            </div>
          </form>
        )}
      </section>
      {ready && (
        <section className={styles.card} aria-labelledby="promoters-list-title">
          <div className={styles.actionsSpread}>
            <h2 id="promoters-list-title" className={styles.subtitle}>
              Links and commission
            </h2>
            {c.promoters.length > 0 && (
              <Button size="sm" tone="secondary" onClick={() => void downloadCsv()}>
                Download CSV
              </Button>
            )}
          </div>
          {c.promoters.length === 0 ? (
            <p className={styles.note}>No promoters yet. Add one above and they get their link by email.</p>
          ) : (
            <ul className={rows.list} aria-label="Promoters">
              {c.promoters.map((p) => (
                <PromoterRow key={p.id} promoter={p} />
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

function PromoterRow({ promoter: p }: { promoter: Promoter }) {
  const f = p.figures;
  return (
    <li className={rows.row} data-testid="promoter-row">
      <div className={team.rowText}>
        <p>
          <strong>{p.name}</strong> · {commissionText(p.commission)}
          {p.perType.map((t) => `, ${t.ticketName}: ${commissionText(t.commission)}`).join('')}{' '}
          <span className={p.payoutReady ? styles.badgeGood : styles.badgeWarn}>
            {p.payoutReady ? 'Paid by split' : 'Paid by hand'}
          </span>
        </p>
        <p className={styles.note}>
          {p.email} · <span translate="no">{p.shortLink}</span>
        </p>
        <p className={styles.note} data-testid="promoter-figures">
          {f.clicks} {f.clicks === 1 ? 'click' : 'clicks'} · {f.orders} {f.orders === 1 ? 'order' : 'orders'}{' '}
          · {f.tickets} {f.tickets === 1 ? 'ticket' : 'tickets'} · sales {formatNaira(f.salesNaira)} ·
          commission {formatNaira(f.commissionNaira)}
          {f.owedNaira > 0 && ` (${formatNaira(f.owedNaira)} owed)`}
          {f.settledNaira > 0 && ` (${formatNaira(f.settledNaira)} paid by split)`}
          {f.reversedNaira > 0 && ` · ${formatNaira(f.reversedNaira)} reversed by refunds`}
        </p>
      </div>
      <div className={styles.actions}>
        <Button size="sm" tone="secondary" onClick={() => copy(p.shortLink, 'Short link')}>
          Copy link
        </Button>
      </div>
    </li>
  );
}
