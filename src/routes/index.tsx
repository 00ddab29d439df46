import { createFileRoute } from '@tanstack/react-router';
import { fetchNewestEvents, fetchTrendingEvents } from '../api/events';
import { EventsSection } from './-home/EventsSection';
import { LandingHero } from './-home/LandingHero';
import { SecondHero } from './-home/SecondHero';
import { ContactSection } from './-site/ContactSection';
import { Faq } from './-site/Faq';
import { HowItWorks } from './-site/HowItWorks';
import { Newsletter } from './-site/Newsletter';
import { PricingTeaser } from './-site/PricingTeaser';

export const Route = createFileRoute('/')({
  component: HomePage,
});

const trending = () => fetchTrendingEvents(9);
const newest = () => fetchNewestEvents(9);

/** Home, in the spec's order (§2): two heroes, trending, new, then the sections about Gatepass. */
function HomePage() {
  return (
    <main id="main">
      <LandingHero />
      <SecondHero />
      <EventsSection
        id="events"
        kind="trending"
        eyebrow="TRENDING EVENTS"
        title="Elevating Experiences, One Event at a Time"
        label="Trending events"
        fetchEvents={trending}
      />
      <EventsSection
        kind="new"
        eyebrow="NEW EVENTS"
        title="Check out events, festivals and parties that are coming up so you don’t miss out"
        label="New events"
        fetchEvents={newest}
      />
      <HowItWorks />
      <Faq />
      <PricingTeaser />
      <ContactSection />
      <Newsletter />
    </main>
  );
}
