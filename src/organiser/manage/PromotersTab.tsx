import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { formatNaira } from '../../../contract/money';
import type { CommissionRule, Promoter } from '../../../contract/promoters';
import type { OrganiserTicket } from '../../../contract/tickets';
import { promotersMachine } from '../../../machines/promoters.machine';
import {
  addPromoter,
  changePromoter,
  fetchPromoters,
  fetchPromotersCsv,
  removePromoter,
} from '../../api/promoters';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Field';
import { notify, notifyAction } from '../../ui/notify';
import * as rows from '../../ui/rowList.css';
import * as styles from '../organiser.css';
import { PromoterForm } from './PromoterForm';
import * as own from './promoters.css';
import { saveBlob } from './saveBlob';
import * as team from './team.css';

const machine = promotersMachine.provide({
  actors: {
    load: fromPromise(({ input }) => fetchPromoters(input.eventId)),
    create: fromPromise(({ input }) => addPromoter(input)),
    update: fromPromise(({ input }) => changePromoter(input)),
    remove: fromPromise(({ input }) => removePromoter(input)),
  },
  actions: { notify: notifyAction },
});

export const commissionText = (rule: CommissionRule) =>
  rule.kind === 'percent' ? `${rule.value} %` : `${formatNaira(rule.value)} per ticket`;

const copy = (text: string, what: string) =>
  navigator.clipboard?.writeText(text).then(() => notify.success(`${what} copied.`));

/**
 * The Promoters tab (decisions 064, 070): add a promoter (their links go out by email), see each one's
 * links and figures, change a promoter's name and commission in their row, remove one (asked first;
 * their row stays, marked removed, with the sales they brought), and download what is owed as CSV.
 * Finance reads; owner and co-organisers add, change and remove.
 */
export function PromotersTab(props: { eventId: string; tickets: OrganiserTicket[]; canEdit: boolean }) {
  const actor = useActorRef(machine, { input: { eventId: props.eventId } });
  const c = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const creating = useSelector(actor, (s) => s.matches({ ready: 'creating' }));
  const updating = useSelector(actor, (s) => s.matches({ ready: 'updating' }));
  const removing = useSelector(actor, (s) => s.matches({ ready: 'removing' }));
  const busy = creating || updating || removing;
  const ready = !loading && !failed;
  async function downloadCsv() {
    try {
      saveBlob(await fetchPromotersCsv(props.eventId), 'promoters.csv');
    } catch {
      notify.error('Export failed: please try again.');
    }
  }
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
        {ready && props.canEdit && c.editingId === null && (
          <PromoterForm
            mode="add"
            values={c.values}
            errors={c.errors}
            formError={c.formError}
            busy={creating}
            tickets={props.tickets}
            send={actor.send}
          />
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
              {c.promoters.map((p) =>
                p.id === c.editingId ? (
                  <li key={p.id} className={rows.row} data-testid="promoter-row">
                    <div className={own.editing}>
                      <PromoterForm
                        mode="edit"
                        values={c.values}
                        errors={c.errors}
                        formError={c.formError}
                        busy={updating}
                        tickets={props.tickets}
                        send={actor.send}
                      />
                    </div>
                  </li>
                ) : (
                  <PromoterRow
                    key={p.id}
                    promoter={p}
                    canEdit={props.canEdit && !busy}
                    confirming={c.removingId === p.id}
                    removing={removing && c.removingId === p.id}
                    send={actor.send}
                  />
                ),
              )}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

type RowEvent =
  | { type: 'promoter.edit'; id: string }
  | { type: 'promoter.remove'; id: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' };

function PromoterRow(props: {
  promoter: Promoter;
  canEdit: boolean;
  confirming: boolean;
  removing: boolean;
  send: (event: RowEvent) => void;
}) {
  const { promoter: p, send } = props;
  const f = p.figures;
  const live = p.removedAt === null;
  return (
    <li className={live ? rows.row : own.removedRow} data-testid="promoter-row">
      <div className={team.rowText}>
        <p>
          <strong>{p.name}</strong> · {commissionText(p.commission)}
          {p.perType.map((t) => `, ${t.ticketName}: ${commissionText(t.commission)}`).join('')}{' '}
          {live ? (
            <span className={p.payoutReady ? styles.badgeGood : styles.badgeWarn}>
              {p.payoutReady ? 'Paid by split' : 'Paid by hand'}
            </span>
          ) : (
            <span className={styles.badge}>Removed</span>
          )}
        </p>
        <p className={styles.note}>
          {p.email} ·{' '}
          {live ? (
            <span translate="no">{p.shortLink}</span>
          ) : (
            `removed ${new Date(p.removedAt!).toLocaleDateString('en-NG', { day: 'numeric', month: 'short', timeZone: 'Africa/Lagos' })}: the link no longer counts; their sales stay below`
          )}
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
      {props.confirming ? (
        <div className={own.confirm}>
          <p className={styles.note}>
            Remove {p.name}? Their link stops counting; the orders they brought keep their commission.
          </p>
          <div className={styles.actions}>
            <Button
              size="sm"
              tone="danger"
              busy={props.removing}
              onClick={() => send({ type: 'remove.confirm' })}
            >
              Remove
            </Button>
            <Button
              size="sm"
              tone="ghost"
              disabled={props.removing}
              onClick={() => send({ type: 'remove.cancel' })}
            >
              Keep
            </Button>
          </div>
        </div>
      ) : (
        live && (
          <div className={styles.actions}>
            <Button size="sm" tone="secondary" onClick={() => copy(p.shortLink, 'Short link')}>
              Copy link
            </Button>
            {props.canEdit && (
              <>
                <Button size="sm" tone="ghost" onClick={() => send({ type: 'promoter.edit', id: p.id })}>
                  Edit
                </Button>
                <Button size="sm" tone="ghost" onClick={() => send({ type: 'promoter.remove', id: p.id })}>
                  Remove
                </Button>
              </>
            )}
          </div>
        )
      )}
    </li>
  );
}
