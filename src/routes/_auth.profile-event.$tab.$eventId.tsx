import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { uuid } from '../../contract/common';
import { guestlistCheckinFilter } from '../../contract/guestlistFilter';
import { ApiError } from '../api/http';
import { fetchGuestlist, fetchManagedEvent, fetchPayoutAccount, fetchSales } from '../api/organiser';
import { fetchMyTeamEvents } from '../api/team';
import { ManageEventPage } from '../organiser/manage/ManageEventPage';
import { isManageTab, MANAGE_TABS, tabAllowed, type ViewerRole } from '../organiser/manage/tabs';
import { WizardError, WizardLoading, WizardNotFound } from '../organiser/WizardStates';

/** /profile-event/{tab}/{eventId}: the tab is part of the route; an unknown one is replaced by Details. */
export const Route = createFileRoute('/_auth/profile-event/$tab/$eventId')({
  params: {
    parse: (raw) => z.object({ tab: z.string(), eventId: z.string().check(z.minLength(1)) }).parse(raw),
    stringify: (p) => p,
  },
  validateSearch: (raw) =>
    z
      .object({
        q: z.optional(z.string().check(z.maxLength(100))),
        // An unknown filter in a typed or old URL is dropped rather than failing the page.
        checkin: z.catch(z.optional(guestlistCheckinFilter), undefined),
      })
      .parse(raw),
  beforeLoad: ({ params }) => {
    if (!isManageTab(params.tab))
      throw redirect({
        to: '/profile-event/$tab/$eventId',
        params: { tab: 'Details', eventId: params.eventId },
        replace: true,
      });
  },
  loaderDeps: ({ search }) => ({ q: search.q ?? '', checkin: search.checkin }),
  loader: async ({ params, deps }) => {
    if (!uuid.safeParse(params.eventId).success) throw notFound();
    // The viewer's role (decision 043): a team member's from their memberships, else the owner's
    // (the server checks every call either way). The door's page is its own screen (no money here).
    const membership = (await fetchMyTeamEvents().catch(() => ({ events: [] }))).events.find(
      (e) => e.eventId === params.eventId,
    );
    const role: ViewerRole = membership?.role ?? 'organiser';
    if (role === 'door')
      throw redirect({ to: '/door/$eventId', params: { eventId: params.eventId }, replace: true });
    if (isManageTab(params.tab) && !tabAllowed(params.tab, role)) {
      const first = MANAGE_TABS.find((t) => tabAllowed(t, role)) ?? 'Guestlist';
      throw redirect({
        to: '/profile-event/$tab/$eventId',
        params: { tab: first, eventId: params.eventId },
        replace: true,
      });
    }
    try {
      const [managed, payout, guestlist, sales] = await Promise.all([
        fetchManagedEvent(params.eventId),
        // The account this event's money goes to: its owner's, read-only for a co-organiser.
        fetchPayoutAccount(params.eventId).catch(() => null),
        params.tab === 'Guestlist' ? fetchGuestlist(params.eventId, deps) : null,
        params.tab === 'Sales' ? fetchSales(params.eventId) : null,
      ]);
      return {
        ...managed,
        payoutAccount: payout?.payoutAccount ?? null,
        payoutYours: payout?.yours ?? role === 'organiser',
        guestlist,
        sales,
        role,
      };
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => ({
    meta: loaderData ? [{ title: `${loaderData.event.eventName} — manage — Gatepass` }] : [],
  }),
  pendingComponent: WizardLoading,
  errorComponent: WizardError,
  notFoundComponent: WizardNotFound,
  component: ManageRoute,
});

function ManageRoute() {
  const data = Route.useLoaderData();
  const { tab } = Route.useParams();
  const { q, checkin } = Route.useSearch();
  return <ManageEventPage tab={isManageTab(tab) ? tab : 'Details'} q={q ?? ''} checkin={checkin} {...data} />;
}
