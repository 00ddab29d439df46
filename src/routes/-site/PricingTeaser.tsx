import { useId } from 'react';
import { Reveal } from '../../motion/Reveal';
import { container } from '../../styles/layout.css';
import { ButtonLink } from '../../ui/Button';
import * as styles from './site.css';

/** The pricing teaser: 'Pricing', its line, 'View Pricing' → /pricing. */
export function PricingTeaser() {
  const id = useId();
  return (
    <section className={`${container} ${styles.section}`} aria-labelledby={`${id}-title`}>
      <Reveal className={styles.pricingBand} variant="up" threshold={0.2}>
        <div>
          <h2 id={`${id}-title`} className={styles.bandTitle}>
            Pricing
          </h2>
          <p className={styles.bandLead}>
            Check all the pricing and features it comes with to know which suits you best.
          </p>
        </div>
        <ButtonLink to="/pricing" size="lg" tone="accent">
          View Pricing
        </ButtonLink>
      </Reveal>
    </section>
  );
}
