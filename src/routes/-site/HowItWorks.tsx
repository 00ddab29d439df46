import { useId } from 'react';
import { Reveal } from '../../motion/Reveal';
import { container, sectionEyebrow, sectionTitle } from '../../styles/layout.css';
import { ButtonLink } from '../../ui/Button';
import * as styles from './site.css';

const STEPS = [
  {
    title: 'Create your event',
    text: 'Name, category, dates and times in Lagos time, and a venue, an online link or both. It takes about three minutes.',
    icon: 'M4 5h16v15H4zM4 9h16M9 3v4M15 3v4M8 13h3v3H8z',
  },
  {
    title: 'Add your tickets',
    text: 'Free or paid in Naira, limited or unlimited, with a purchase limit. Add your bank account and we confirm the account name before you save.',
    icon: 'M3 8a2 2 0 0 0 0 4v4h18v-4a2 2 0 0 0 0-4V4H3zM12 4v12',
  },
  {
    title: 'Publish and share',
    text: 'Upload your poster and share one link on WhatsApp, X and Instagram. Your event shows up in search and on the home page.',
    icon: 'M18 8a3 3 0 1 0-2.8-4M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm12 6a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  },
  {
    title: 'Sell and check in',
    text: 'Buyers pay by card, transfer or USSD and get QR tickets by email. Scan them at the door and follow sales and your guest list live.',
    icon: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2',
  },
];

/** How Gatepass works for organisers: four steps from idea to the door. */
export function HowItWorks() {
  const id = useId();
  return (
    <section className={`${container} ${styles.section}`} aria-labelledby={`${id}-title`}>
      <Reveal variant="up" threshold={0.1} className={styles.centredHeader}>
        <p className={sectionEyebrow}>For organisers</p>
        <h2 id={`${id}-title`} className={sectionTitle}>
          How Gatepass works
        </h2>
        <p className={styles.sectionLead}>
          From a campus society’s free meetup to a sold-out concert: four steps from your idea to a full room.
        </p>
      </Reveal>
      <ol className={styles.steps}>
        {STEPS.map((step, index) => (
          <Reveal
            as="li"
            key={step.title}
            className={styles.step}
            variant="up"
            threshold={0.1}
            delay={index * 0.2}
            duration={0.5}
          >
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <svg className={styles.stepIcon} viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path
                d={step.icon}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            </svg>
            <h3 className={styles.stepTitle}>{step.title}</h3>
            <p className={styles.stepText}>{step.text}</p>
          </Reveal>
        ))}
      </ol>
      <div className={styles.centredActions}>
        <ButtonLink to="/events/create" size="lg">
          Create Event
        </ButtonLink>
      </div>
    </section>
  );
}
