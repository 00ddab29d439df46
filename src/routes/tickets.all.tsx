import { createFileRoute } from '@tanstack/react-router';
import { searchEvents } from '../api/events';
import { ListingPage } from './-listing/ListingPage';
import { LISTING_PAGE_SIZE, validateListingSearch } from './-listing/searchParams';

export const Route = createFileRoute('/tickets/all')({
  validateSearch: validateListingSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => searchEvents({ ...deps, pageSize: LISTING_PAGE_SIZE }),
  head: () => ({ meta: [{ title: 'Find tickets — Gatepass' }] }),
  pendingComponent: () => <ListingPage path="/tickets/all" search={Route.useSearch()} state="loading" />,
  errorComponent: ({ error }) => (
    <ListingPage path="/tickets/all" search={Route.useSearch()} state="error" error={error} />
  ),
  component: () => (
    <ListingPage
      path="/tickets/all"
      search={Route.useSearch()}
      state="loaded"
      result={Route.useLoaderData()}
    />
  ),
});
