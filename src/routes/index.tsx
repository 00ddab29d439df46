import { createFileRoute } from '@tanstack/react-router';
import { fetchNewestEvents, fetchTrendingEvents } from '../api/events';
import { LazySection } from '../motion/LazySection';
import { EventsSection } from './-home/EventsSection';
import { LandingHero } from './-home/LandingHero';
import { SecondHero } from './-home/SecondHero';
import { HowItWorks } from './-site/HowItWorks';
import { PricingTeaser } from './-site/PricingTeaser';

/** A carousel whose list failed shows its own error message; the page still renders. */
const orNull = <T,>(promise: Promise<T>) => promise.catch(() => null);

export const Route = createFileRoute('/')({
  // In the loader (not fetched by the sections after mount) so the server renders the cards into the
  // HTML and the browser hydrates them from the dehydrated loader data without fetching again.
  loader: async () => {
    const [trending, newest] = await Promise.all([
      orNull(fetchTrendingEvents(9)),
      orNull(fetchNewestEvents(9)),
    ]);
    return { trending, newest };
  },
  component: HomePage,
});

// The sections with forms (and the machines and xstate behind them) load as the visitor nears them.
const loadFaq = () => import('./-site/Faq').then((m) => m.Faq);
const loadContact = () => import('./-site/ContactSection').then((m) => m.ContactSection);
const loadNewsletter = () => import('./-site/Newsletter').then((m) => m.Newsletter);

/** Home, in the spec's order (§2): two heroes, trending, new, then the sections about Gatepass. */
function HomePage() {
  const { trending, newest } = Route.useLoaderData();
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
        events={trending}
      />
      <EventsSection
        kind="new"
        eyebrow="NEW EVENTS"
        title="Check out events, festivals and parties that are coming up so you don’t miss out"
        label="New events"
        events={newest}
      />
      <HowItWorks />
      <LazySection load={loadFaq} />
      <PricingTeaser />
      <LazySection load={loadContact} />
      <LazySection load={loadNewsletter} />
    </main>
  );
}
