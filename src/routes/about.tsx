import { createFileRoute, Link } from '@tanstack/react-router';
import { Reveal } from '../motion/Reveal';
import { container, sectionEyebrow } from '../styles/layout.css';
import * as about from './-site/about.css';
import { FounderAvatar } from './-site/FounderAvatar';
import { FOUNDERS } from './-site/founders';
import { Newsletter } from './-site/Newsletter';
import { PageHeader } from './-site/PageHeader';
import { PricingTeaser } from './-site/PricingTeaser';
import * as styles from './-site/page.css';

export const Route = createFileRoute('/about')({ component: AboutPage });

function AboutPage() {
  return (
    <main id="main">
      <PageHeader eyebrow="About us" title="About Gatepass">
        <p>
          Welcome to Gatepass! We are a Lagos-based team building the simplest way to host an event in Nigeria
          and get the right people through the door, whether it’s ten friends at a book club or ten thousand
          fans at a beach concert.
        </p>
      </PageHeader>

      <section className={`${container} ${styles.section}`} aria-labelledby="what-title">
        <div className={styles.twoColumns}>
          <Reveal variant="left" className={styles.text}>
            <h2 id="what-title" className={styles.h2}>
              What is Gatepass?
            </h2>
            <p>
              Gatepass is an event management and ticketing platform made for Nigeria. Organisers create an
              event in three steps, sell free or paid tickets priced in Naira, and check guests in with QR
              codes from any smartphone.
            </p>
            <p>
              Attendees find events near them, pay by card, bank transfer or USSD through Paystack, and get
              their tickets by email in seconds. No more payment screenshots, no more lists on paper.
            </p>
          </Reveal>
          <Reveal variant="right">
            <ul className={about.stats} aria-label="Gatepass at a glance">
              <li className={about.stat}>
                <span className={about.statValue}>3 steps</span>
                <span className={about.statLabel}>to create and publish an event</span>
              </li>
              <li className={about.stat}>
                <span className={about.statValue}>₦0</span>
                <span className={about.statLabel}>to host a free event, ever</span>
              </li>
              <li className={about.stat}>
                <span className={about.statValue}>1.5%</span>
                <span className={about.statLabel}>service fee on paid tickets</span>
              </li>
              <li className={about.stat}>
                <span className={about.statValue}>1 scan</span>
                <span className={about.statLabel}>per QR ticket at the door</span>
              </li>
            </ul>
          </Reveal>
        </div>
      </section>

      <section className={`${container} ${styles.section}`} aria-label="Mission and vision">
        <div className={styles.cardGrid}>
          <Reveal variant="up" className={styles.card}>
            <svg className={styles.cardIcon} viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M12 3a9 9 0 1 0 9 9M12 7a5 5 0 1 0 5 5M12 11a1 1 0 1 0 1 1M13 11l7-7M17 4h3v3"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <h2 className={styles.cardTitle}>Our Mission</h2>
            <p className={styles.cardText}>
              To give every organiser in Nigeria, from a student society to a national festival, the same
              tools the biggest promoters use: honest pricing in Naira, payments that settle to their own bank
              account, and a door that only opens for real tickets.
            </p>
          </Reveal>
          <Reveal variant="up" delay={0.2} className={styles.card}>
            <svg className={styles.cardIcon} viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            <h2 className={styles.cardTitle}>Our Vision</h2>
            <p className={styles.cardText}>
              A Nigeria where every good idea for a gathering finds its audience: where you can discover
              what’s happening in your city tonight, buy a ticket in a minute, and trust that it will get you
              in.
            </p>
          </Reveal>
        </div>
      </section>

      <section className={`${container} ${styles.section}`} aria-labelledby="history-title">
        <Reveal variant="up" className={about.historyHeader}>
          <p className={sectionEyebrow}>Four founders, one gate</p>
          <h2 id="history-title" className={styles.h2}>
            Our History
          </h2>
        </Reveal>
        <ul className={about.founders}>
          {FOUNDERS.map((founder, index) => (
            <Reveal
              as="li"
              key={founder.name}
              variant="up"
              threshold={0.1}
              delay={index * 0.2}
              duration={0.5}
              className={about.founder}
            >
              <FounderAvatar founder={founder} />
              <div>
                <h3 className={about.founderName}>{founder.name}</h3>
                <p className={about.founderRole}>{founder.role}</p>
                <blockquote className={about.founderStory}>
                  <p>{founder.story}</p>
                </blockquote>
              </div>
            </Reveal>
          ))}
        </ul>
      </section>

      <section className={`${container} ${styles.section}`} aria-labelledby="question-title">
        <Reveal variant="zoom" className={styles.ctaBand}>
          <h2 id="question-title" className={styles.ctaTitle}>
            Any question on your mind?
          </h2>
          <p className={styles.ctaText}>
            Whether you’re planning your first event or your fiftieth, we’d love to hear from you.
          </p>
          <Link to="/contact" className={about.ctaButton}>
            Contact us
          </Link>
        </Reveal>
      </section>

      <PricingTeaser />
      <Newsletter />
    </main>
  );
}
