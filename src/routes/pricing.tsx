import { createFileRoute } from '@tanstack/react-router';
import { feeBreakdownNaira } from '../../contract/fees';
import { formatNaira } from '../../contract/money';
import { Reveal } from '../motion/Reveal';
import { container } from '../styles/layout.css';
import { ButtonLink } from '../ui/Button';
import { FeeCalculator } from './-site/FeeCalculator';
import { Newsletter } from './-site/Newsletter';
import { PageHeader } from './-site/PageHeader';
import * as styles from './-site/page.css';
import * as pricing from './-site/pricing.css';

export const Route = createFileRoute('/pricing')({ component: PricingPage });

// The worked example uses the same rule as checkout: 20 tickets at ₦5,000.
const EXAMPLE_PRICE = 5_000;
const EXAMPLE_QUANTITY = 20;
const example = feeBreakdownNaira(EXAMPLE_PRICE, EXAMPLE_QUANTITY);
const perTicket = feeBreakdownNaira(EXAMPLE_PRICE, 1);

function PricingPage() {
  return (
    <main id="main">
      <PageHeader eyebrow="Simple, honest pricing" title="Pricing">
        <p>
          No monthly plans and no set-up fees. Free events are free. On paid tickets, buyers pay a 1.5%
          service fee and you keep the full ticket price.
        </p>
      </PageHeader>

      <section className={`${container} ${styles.section}`} aria-label="Plans">
        <div className={pricing.plans}>
          <Reveal variant="up" className={pricing.plan}>
            <h2 className={pricing.planName}>Free events</h2>
            <p className={pricing.planPrice}>
              ₦0 <span className={pricing.planUnit}>for you and your guests</span>
            </p>
            <p className={pricing.planText}>
              Meetups, church programmes, campus events, open days and RSVPs.
            </p>
            <ul className={pricing.features}>
              <li>Unlimited free tickets and events</li>
              <li>QR tickets emailed to every guest</li>
              <li>Check-in scanning from any smartphone</li>
              <li>Guest list export (CSV)</li>
            </ul>
            <ButtonLink to="/events/create" tone="secondary">
              Create a free event
            </ButtonLink>
          </Reveal>
          <Reveal variant="up" delay={0.2} className={`${pricing.plan} ${pricing.planFeatured}`}>
            <h2 className={pricing.planName}>Paid events</h2>
            <p className={pricing.planPrice}>
              1.5% <span className={pricing.planUnit}>per paid ticket, paid by the buyer</span>
            </p>
            <p className={pricing.planText}>
              Concerts, conferences, festivals, parties and workshops, priced in Naira.
            </p>
            <ul className={pricing.features}>
              <li>Everything in free events</li>
              <li>Card, bank transfer and USSD payments through Paystack</li>
              <li>Payouts to your own Nigerian bank account</li>
              <li>Sales and revenue reports per ticket type</li>
              <li>Payment processing included in the fee</li>
            </ul>
            <ButtonLink to="/events/create">Start selling tickets</ButtonLink>
          </Reveal>
        </div>
      </section>

      <section className={`${container} ${styles.section}`} aria-labelledby="example-title">
        <div className={styles.twoColumns}>
          <div className={styles.text}>
            <h2 id="example-title" className={styles.h2}>
              A worked example
            </h2>
            <p>
              You sell {EXAMPLE_QUANTITY} tickets at {formatNaira(EXAMPLE_PRICE)}. Each buyer sees the{' '}
              {formatNaira(perTicket.fees)} service fee before paying, so a ticket costs them{' '}
              {formatNaira(perTicket.total)}. You receive the full {formatNaira(example.organiser)}.
            </p>
            <p>
              Fees are worked out per ticket and rounded to the nearest kobo. Free tickets never carry a fee,
              even in an order that also has paid ones.
            </p>
          </div>
          <table className={pricing.example}>
            <caption>
              {EXAMPLE_QUANTITY} tickets × {formatNaira(EXAMPLE_PRICE)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Ticket sales</th>
                <td>{formatNaira(example.subtotal)}</td>
              </tr>
              <tr>
                <th scope="row">Service fee (1.5%)</th>
                <td>{formatNaira(example.fees)}</td>
              </tr>
              <tr>
                <th scope="row">Buyers pay</th>
                <td>{formatNaira(example.total)}</td>
              </tr>
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">You receive</th>
                <td>{formatNaira(example.organiser)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      <section className={`${container} ${styles.section}`} aria-labelledby="calculator-title">
        <h2 id="calculator-title" className={styles.h2}>
          Fee calculator
        </h2>
        <FeeCalculator />
      </section>

      <Newsletter />
    </main>
  );
}
