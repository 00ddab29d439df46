import { createFileRoute } from '@tanstack/react-router';
import { fetchNewestEvents, fetchTrendingEvents } from '../api/events';
import { ApiError } from '../api/http';
import { LazySection } from '../motion/LazySection';
import { EventsSection } from './-home/EventsSection';
import { LandingHero } from './-home/LandingHero';
import { SecondHero } from './-home/SecondHero';
import { HowItWorks } from './-site/HowItWorks';
import { PricingTeaser } from './-site/PricingTeaser';

/** The request never reached the server (no network: the service worker opened the kept app). */
const unreached = (error: unknown) => error instanceof ApiError && error.status === 0;

export const Route = createFileRoute('/')({
  // In the loader (not fetched by the sections after mount) so the server renders the cards into the
  // HTML and the browser hydrates them from the dehydrated loader data without fetching again.
  // A carousel whose list failed shows its own message; the page still renders. Offline, it says so.
  loader: async () => {
    let offline = false;
    const orNull = <T,>(promise: Promise<T>) =>
      promise.catch((error: unknown) => {
        offline ||= unreached(error);
        return null;
      });
    const [trending, newest] = await Promise.all([
      orNull(fetchTrendingEvents(9)),
      orNull(fetchNewestEvents(9)),
    ]);
    return { trending, newest, offline };
  },
  component: HomePage,
});

// The sections with forms (and the machines and xstate behind them) load as the visitor nears them.
const loadFaq = () => import('./-site/Faq').then((m) => m.Faq);
const loadContact = () => import('./-site/ContactSection').then((m) => m.ContactSection);
const loadNewsletter = () => import('./-site/Newsletter').then((m) => m.Newsletter);

/** Home, in the spec's order (§2): two heroes, trending, new, then the sections about Gatepass. */
function HomePage() {
  const { trending, newest, offline } = Route.useLoaderData();
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
        offline={offline}
      />
      <EventsSection
        kind="new"
        eyebrow="NEW EVENTS"
        title="Check out events, festivals and parties that are coming up so you don’t miss out"
        label="New events"
        events={newest}
        offline={offline}
      />
      <HowItWorks />
      <LazySection load={loadFaq} />
      <PricingTeaser />
      <LazySection load={loadContact} />
      <LazySection load={loadNewsletter} />
    </main>
  );
}
