import { Reveal } from '../../motion/Reveal';
import { container } from '../../styles/layout.css';
import { button } from '../../ui/button.css';
import { HeroIllustration } from './HeroIllustration';
import * as styles from './home.css';

/** The second hero: 'Host, Connect, Celebrate…', 'Explore Now' → #events, and a picture. */
export function SecondHero() {
  return (
    <section className={`${container} ${styles.secondHero}`} aria-labelledby="second-hero-title">
      <Reveal variant="left" threshold={0.2} className={styles.secondHeroText}>
        <h2 id="second-hero-title" className={styles.secondHeroTitle}>
          Host, Connect, Celebrate: Your Events, Our Platform!
        </h2>
        <p className={styles.secondHeroBlurb}>
          Whether it’s an owambe in Ibadan, a tech meetup in Yaba or a gospel concert in Port Harcourt,
          Gatepass gives you ticketing in Naira, instant QR tickets for your guests, and a live view of who’s
          coming.
        </p>
        <ul className={styles.heroPoints}>
          <li>Free events stay free</li>
          <li>Card, transfer and USSD payments</li>
          <li>QR check-in from any phone</li>
        </ul>
        <a href="#events" className={button({ size: 'lg' })}>
          Explore Now
        </a>
      </Reveal>
      <Reveal variant="right" threshold={0.2} className={styles.secondHeroArt}>
        <HeroIllustration />
      </Reveal>
    </section>
  );
}
