import { Link } from '@tanstack/react-router';
import { formatNaira } from '../../contract/money';
import type { MyPromotion } from '../../contract/promoters';
import { commissionText } from '../organiser/manage/PromotersTab';
import * as styles from '../organiser/organiser.css';
import { eventDateText } from '../organiser/ticketFormat';
import { Button } from '../ui/Button';
import { notify } from '../ui/notify';
import * as rows from '../ui/rowList.css';

/**
 * The promoter's own page (decision 064): for each event they promote under this account's email,
 * their link, their terms and what it brought — clicks, orders, tickets, commission — never who
 * bought (the API answers no buyer's name, email or phone).
 */
export function PromoterPage({ promotions }: { promotions: MyPromotion[] }) {
  return (
    <main id="main" className={styles.widePage}>
      <header className={styles.card}>
        <h1 className={styles.title}>Your promoter links</h1>
        <p className={styles.lead}>
          What your links brought, event by event. Commission counts what buyers paid for tickets after
          discounts, and refunds take it back.
        </p>
      </header>
      {promotions.length === 0 ? (
        <section className={styles.card}>
          <p className={styles.note}>
            No event lists this account's email as a promoter yet. Organisers add promoters from their event's
            Promoters tab; you then get an email with your link. Make sure your email address is verified.
          </p>
        </section>
      ) : (
        promotions.map((p) => <Promotion key={p.eventId} promotion={p} />)
      )}
    </main>
  );
}

function Promotion({ promotion: p }: { promotion: MyPromotion }) {
  const f = p.figures;
  return (
    <section className={styles.card} aria-label={p.eventName} data-testid="promotion">
      <div className={styles.actionsSpread}>
        <div>
          <h2 className={styles.subtitle}>{p.eventName}</h2>
          <p className={styles.lead}>
            {eventDateText(p.startDate)} · {commissionText(p.commission)}
          </p>
        </div>
        <span className={p.payoutReady ? styles.badgeGood : styles.badgeWarn}>
          {p.payoutReady ? 'Paid with each sale' : 'Paid by the organiser'}
        </span>
      </div>
      <div className={styles.choiceGrid} data-testid="promotion-figures">
        <p className={styles.readOnlyValue}>Clicks: {f.clicks}</p>
        <p className={styles.readOnlyValue}>Orders: {f.orders}</p>
        <p className={styles.readOnlyValue}>Tickets: {f.tickets}</p>
        <p className={styles.readOnlyValue}>Commission: {formatNaira(f.commissionNaira)}</p>
      </div>
      <ul className={rows.list} aria-label="Commission">
        {f.settledNaira > 0 && (
          <li className={rows.row}>Paid to your bank with each sale: {formatNaira(f.settledNaira)}</li>
        )}
        {f.owedNaira > 0 && <li className={rows.row}>Owed by the organiser: {formatNaira(f.owedNaira)}</li>}
        {f.reversedNaira > 0 && (
          <li className={rows.row}>Taken back by refunds: {formatNaira(f.reversedNaira)}</li>
        )}
      </ul>
      {!p.payoutReady && (
        <p className={styles.note}>
          Add a payout account under Account settings → Payouts to be paid automatically with each sale.
        </p>
      )}
      <div className={styles.actionsSpread}>
        <p className={styles.note}>
          <span translate="no">{p.shortLink}</span>
        </p>
        <div className={styles.actions}>
          <Button
            size="sm"
            tone="secondary"
            onClick={() =>
              navigator.clipboard?.writeText(p.shortLink).then(() => notify.success('Link copied.'))
            }
          >
            Copy link
          </Button>
          <Link className={styles.note} to="/event-details/$eventId" params={{ eventId: p.eventId }}>
            Event page
          </Link>
        </div>
      </div>
    </section>
  );
}
