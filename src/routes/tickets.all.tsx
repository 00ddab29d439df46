import { createFileRoute } from '@tanstack/react-router';
import { ListingPage } from './-listing/ListingPage';
import { loadListing } from './-listing/loadListing';
import { validateListingSearch } from './-listing/searchParams';

export const Route = createFileRoute('/tickets/all')({
  validateSearch: validateListingSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => loadListing(deps),
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
