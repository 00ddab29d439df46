import { createFileRoute } from '@tanstack/react-router';
import { ContactSection } from './-site/ContactSection';
import { Newsletter } from './-site/Newsletter';
import { PricingTeaser } from './-site/PricingTeaser';

export const Route = createFileRoute('/contact')({ component: ContactPage });

/** Contact Us: the form with its picture, then the pricing teaser and the newsletter. */
function ContactPage() {
  return (
    <main id="main">
      <ContactSection level={1} />
      <PricingTeaser />
      <Newsletter />
    </main>
  );
}
