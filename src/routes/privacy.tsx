import { createFileRoute, Link } from '@tanstack/react-router';
import { container } from '../styles/layout.css';
import { PageHeader } from './-site/PageHeader';
import * as styles from './-site/page.css';

export const Route = createFileRoute('/privacy')({ component: PrivacyPage });

function PrivacyPage() {
  return (
    <main id="main">
      <PageHeader eyebrow="Legal" title="Privacy Policy">
        <p>
          What personal data Gatepass collects, why, who we share it with, and the rights you have over it.
        </p>
      </PageHeader>
      <article className={`${container} ${styles.prose}`}>
        <p className={styles.meta}>Last updated: 1 November 2026</p>
        <p>
          Gatepass Technologies Limited (“Gatepass”, “we”) is the data controller for the personal data
          described here. We process it in line with the Nigeria Data Protection Act 2023 (NDPA) and the
          regulations and guidance of the Nigeria Data Protection Commission (NDPC). Our Data Protection
          Officer can be reached at <a href="mailto:privacy@gatepass.ng">privacy@gatepass.ng</a>.
        </p>

        <h2>1. What we collect</h2>
        <ul>
          <li>
            <strong>Account details:</strong> first and last name, username, email address, and a password
            stored only as a salted hash.
          </li>
          <li>
            <strong>Ticket orders:</strong> the names, email addresses and phone numbers given at checkout
            (including those of other attendees you buy for), the tickets chosen and the amounts paid.
          </li>
          <li>
            <strong>Organiser details:</strong> event information and, for paid events, the payout bank name,
            account number and account name.
          </li>
          <li>
            <strong>Messages:</strong> what you send through our contact form, and your name and email if you
            subscribe to our newsletter.
          </li>
          <li>
            <strong>Technical data:</strong> sign-in sessions (device and browser type, time of last use) and
            server logs kept for security.
          </li>
        </ul>
        <p>
          We never receive or store your card number: card and bank payments are entered on Paystack’s pages
          and handled by Paystack under PCI DSS.
        </p>

        <h2>2. Why we use it, and our lawful basis</h2>
        <ul>
          <li>
            To create your account, sell and deliver your tickets, pay organisers and check guests in:{' '}
            <em>performance of a contract</em> (NDPA s.25(1)(b)).
          </li>
          <li>
            To keep records of payments and refunds required by Nigerian tax and financial law:{' '}
            <em>legal obligation</em>.
          </li>
          <li>
            To prevent fraud and secure accounts, for example rate limits and sign-in alerts:{' '}
            <em>legitimate interests</em>.
          </li>
          <li>
            To send our events newsletter: <em>consent</em>, which you can withdraw at any time with the link
            in each email.
          </li>
        </ul>

        <h2>3. Who we share it with</h2>
        <ul>
          <li>
            <strong>Event organisers</strong> receive the names and emails on the tickets for their event, to
            manage their guest list and contact attendees about the event. They may not use them for unrelated
            marketing without your consent.
          </li>
          <li>
            <strong>Paystack</strong> processes payments in Naira and payouts to organisers.
          </li>
          <li>
            <strong>Our email and hosting providers</strong> deliver emails and run our servers under
            contracts that protect your data.
          </li>
          <li>
            <strong>Authorities</strong>, when Nigerian law requires it.
          </li>
        </ul>
        <p>We do not sell personal data.</p>

        <h2>4. Transfers outside Nigeria</h2>
        <p>
          Some of our providers store data outside Nigeria. We transfer data only where the NDPA allows it,
          for example to countries with adequate protection or under contractual safeguards approved by the
          NDPC.
        </p>

        <h2>5. How long we keep it</h2>
        <ul>
          <li>Account data: while your account is open, and deleted within 30 days after you close it.</li>
          <li>Orders and payment records: six years, as Nigerian tax law requires.</li>
          <li>Contact messages: two years. Newsletter subscriptions: until you unsubscribe.</li>
          <li>Expired sign-in sessions and one-time codes: removed automatically.</li>
        </ul>

        <h2>6. Your rights</h2>
        <p>Under the NDPA you have the right to:</p>
        <ul>
          <li>be told how your data is used (this policy) and get a copy of it;</li>
          <li>have inaccurate data corrected, and edit your profile yourself at any time;</li>
          <li>have your data deleted, and delete your account from your profile settings;</li>
          <li>object to or restrict processing, and withdraw consent;</li>
          <li>receive your data in a common machine-readable format (data portability);</li>
          <li>complain to the Nigeria Data Protection Commission (ndpc.gov.ng).</li>
        </ul>
        <p>
          Write to <a href="mailto:privacy@gatepass.ng">privacy@gatepass.ng</a> and we will answer within 30
          days.
        </p>

        <h2>7. Security</h2>
        <p>
          Passwords are hashed with Argon2id, all traffic uses HTTPS, sessions can be signed out from any
          device, and staff access to personal data is limited to those who need it. If a breach puts your
          rights at risk, we will notify the NDPC within 72 hours and tell you without undue delay.
        </p>

        <h2>8. Cookies and local storage</h2>
        <p>
          We do not use advertising cookies. Your browser’s local storage keeps your sign-in token and your
          light or dark display choice so the site works as you left it.
        </p>

        <h2>9. Children</h2>
        <p>
          Gatepass accounts are for people aged 18 and over. We do not knowingly collect data from children.
        </p>

        <h2>10. Changes</h2>
        <p>
          We will post any change here and email account holders about important ones. Questions? Use our{' '}
          <Link to="/contact">contact form</Link>.
        </p>
      </article>
    </main>
  );
}
