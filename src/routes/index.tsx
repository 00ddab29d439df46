import { createFileRoute } from '@tanstack/react-router';
import { LandingHero } from './-home/LandingHero';
import { UpcomingEvents } from './-home/UpcomingEvents';

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  return (
    <main id="main">
      <LandingHero />
      <UpcomingEvents />
    </main>
  );
}
