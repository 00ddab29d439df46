import { useId } from 'react';
import { Reveal } from '../../motion/Reveal';
import { container, sectionEyebrow } from '../../styles/layout.css';
import { ContactForm } from './ContactForm';
import { ContactIllustration } from './ContactIllustration';
import * as styles from './contact.css';

/** The Contact Us form with its picture: an h2 section on the home page, the h1 of /contact. */
export function ContactSection({ level = 2 }: { level?: 1 | 2 }) {
  const id = useId();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={`${container} ${styles.section}`} aria-labelledby={`${id}-title`}>
      <div className={styles.layout}>
        <Reveal variant="left" threshold={0.1} className={styles.card}>
          <p className={sectionEyebrow}>Contact Us</p>
          <Heading id={`${id}-title`} className={level === 1 ? styles.pageTitle : styles.title}>
            {level === 1 ? 'Talk to the Gatepass team' : 'Have a question? Send us a message'}
          </Heading>
          <p className={styles.lead}>
            Organising something and not sure where to start, or need help with a ticket you bought? Write to
            us and a person on our Lagos team replies within one working day.
          </p>
          <ContactForm />
        </Reveal>
        <Reveal variant="right" threshold={0.1} className={styles.art}>
          <ContactIllustration />
          <ul className={styles.details}>
            <li>
              <strong>Email</strong> <a href="mailto:hello@gatepass.ng">hello@gatepass.ng</a>
            </li>
            <li>
              <strong>Office</strong> 14 Admiralty Way, Lekki Phase 1, Lagos
            </li>
            <li>
              <strong>Hours</strong> Monday to Friday, 9am–6pm WAT
            </li>
          </ul>
        </Reveal>
      </div>
    </section>
  );
}
