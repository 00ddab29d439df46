import { createFileRoute, Link } from '@tanstack/react-router';
import { container } from '../styles/layout.css';
import { PageHeader } from './-site/PageHeader';
import * as styles from './-site/page.css';

export const Route = createFileRoute('/terms')({ component: TermsPage });

function TermsPage() {
  return (
    <main id="main">
      <PageHeader eyebrow="Legal" title="Terms of Service">
        <p>The agreement between you and Gatepass when you use gatepass.ng to host, find or attend events.</p>
      </PageHeader>
      <article className={`${container} ${styles.prose}`}>
        <p className={styles.meta}>Last updated: 1 November 2026</p>
        <p>
          These terms apply to everyone who uses Gatepass: visitors, attendees who buy or reserve tickets, and
          organisers who create events. Gatepass is operated by Gatepass Technologies Limited, a company
          registered in Nigeria with its office at 14 Admiralty Way, Lekki Phase 1, Lagos. By creating an
          account or buying a ticket you agree to these terms and to our{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>

        <h2>1. Your account</h2>
        <ul>
          <li>
            You must be at least 18 years old to create an account or sell tickets. Younger attendees may use
            a ticket bought for them by an adult.
          </li>
          <li>
            Give accurate details and verify your email address. Keep your password private; you are
            responsible for activity on your account.
          </li>
          <li>Tell us at hello@gatepass.ng straight away if you think someone else has used your account.</li>
        </ul>

        <h2>2. Organisers</h2>
        <ul>
          <li>
            You are the seller of your tickets and responsible for your event: the venue, permits, safety,
            what you advertise, and admitting valid ticket holders.
          </li>
          <li>
            Your event details, prices and refund policy must be true and complete. Events that are illegal in
            Nigeria, misleading, or that promote hate or violence will be removed.
          </li>
          <li>
            Paid tickets are paid out to the Nigerian bank account you provide. You confirm that you are
            entitled to receive money into it; we check the account name with the bank before it is saved.
          </li>
          <li>
            You must publish a refund policy for paid events and honour it. If you cancel an event, you must
            refund every ticket holder in full.
          </li>
        </ul>

        <h2>3. Buying tickets</h2>
        <ul>
          <li>
            Prices are in Naira (₦) and include any tax the organiser charges. A service fee of 1.5% of the
            ticket price applies to paid tickets and is shown before you pay; see{' '}
            <Link to="/pricing">Pricing</Link>.
          </li>
          <li>
            Payments are processed by Paystack. Your ticket is confirmed only when the payment succeeds;
            tickets held during checkout are released if payment is not completed in time.
          </li>
          <li>
            Each ticket carries a unique QR code that admits one person once. Do not share or resell it: the
            first scan wins, and copies are refused at the door.
          </li>
          <li>
            Organisers may set a purchase limit per order and may refuse entry under the venue’s rules (for
            example age limits or security checks).
          </li>
        </ul>

        <h2>4. Refunds and cancellations</h2>
        <p>
          Refunds are decided by each organiser’s refund policy, shown on the event page. Ask the organiser
          first. If an event is cancelled, you are entitled to a full refund of the ticket price; if it is
          postponed, you may keep your ticket for the new date or ask the organiser for a refund. The service
          fee is refunded when an event is cancelled. Refunds are paid to the original card or account,
          usually within 5–10 working days. Nothing in these terms limits your rights under the Federal
          Competition and Consumer Protection Act 2018.
        </p>

        <h2>5. Acceptable use</h2>
        <ul>
          <li>
            Do not use Gatepass for fraud, to sell tickets you do not have the right to sell, or to send spam.
          </li>
          <li>
            Do not try to break, overload or scrape the service, or get around rate limits and security
            checks.
          </li>
          <li>
            Do not upload content you do not own, or content that is unlawful, obscene or infringes someone’s
            rights.
          </li>
        </ul>

        <h2>6. Content and intellectual property</h2>
        <p>
          You keep ownership of the posters, descriptions and other content you upload, and give us a licence
          to show them on Gatepass and in our marketing of your event. The Gatepass name, logo and software
          belong to us.
        </p>

        <h2>7. Our responsibility</h2>
        <p>
          We work hard to keep Gatepass available and accurate, but we do not organise the events listed on it
          and are not responsible for how an organiser runs an event. To the extent the law allows, our total
          liability to you for any claim is limited to the fees you paid to Gatepass in the twelve months
          before the claim. We do not exclude liability for death or personal injury caused by our negligence,
          or for fraud.
        </p>

        <h2>8. Suspension and closing your account</h2>
        <p>
          You can close your account at any time from your profile settings. We may suspend an account that
          breaks these terms, after telling you why where we can. Tickets already sold for upcoming events
          stay valid unless the event is cancelled.
        </p>

        <h2>9. Changes, law and disputes</h2>
        <p>
          We may update these terms; we will email account holders about material changes at least 14 days
          before they apply. These terms are governed by the laws of the Federal Republic of Nigeria. We will
          try to settle any dispute with you informally first; otherwise the courts of Lagos State have
          jurisdiction.
        </p>

        <h2>10. Contact</h2>
        <p>
          Questions about these terms: <a href="mailto:hello@gatepass.ng">hello@gatepass.ng</a> or our{' '}
          <Link to="/contact">contact form</Link>.
        </p>
      </article>
    </main>
  );
}
