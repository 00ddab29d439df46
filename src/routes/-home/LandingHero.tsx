import { ButtonLink } from '../../ui/Button';
import * as styles from './home.css';
import { PhoneTicketArt } from './PhoneTicketArt';

/** The landing hero: headline, blurb, 'Find Event' and 'Create Event'. */
export function LandingHero() {
  return (
    <section className={styles.hero} aria-labelledby="landing-title">
      <div className={styles.heroInner}>
        <div className={styles.heroText}>
          <p className={styles.heroEyebrow}>Events and tickets for Nigeria</p>
          <h1 id="landing-title" className={styles.heroTitle}>
            Turning Dreams into Extraordinary Events
          </h1>
          <p className={styles.heroBlurb}>
            From a campus society’s free meetup to a sold-out Lagos concert: create your event in three steps,
            sell free or paid tickets in Naira, and scan your guests in at the door.
          </p>
          <div className={styles.heroActions}>
            <ButtonLink to="/events/all" size="lg">
              Find Event
            </ButtonLink>
            <ButtonLink to="/events/create" size="lg" tone="secondary">
              Create Event
            </ButtonLink>
          </div>
        </div>
        <PhoneTicketArt />
      </div>
    </section>
  );
}
