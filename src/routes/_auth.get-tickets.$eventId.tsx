import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { uuid } from '../../contract/common';
import { fetchEventDates } from '../api/eventDates';
import { CheckoutStep } from '../checkout/CheckoutStep';

export const Route = createFileRoute('/_auth/get-tickets/$eventId')({
  params: {
    parse: (raw) => z.object({ eventId: z.string().check(z.minLength(1)) }).parse(raw),
    stringify: (p) => p,
  },
  // ?access=CODE: an access code the buyer was given (decision 036); invalid shapes are dropped.
  validateSearch: (raw) =>
    z
      .object({
        access: z.optional(z.catch(z.optional(z.string().check(z.maxLength(40))), undefined)),
        // ?date=<id>: the date the buyer picked (decision 046); an unknown one falls back to the next date.
        date: z.optional(z.catch(z.optional(z.string().check(z.maxLength(40))), undefined)),
      })
      .parse(raw),
  head: () => ({ meta: [{ title: 'Checkout — Gatepass' }] }),
  beforeLoad: async ({ params, preload, search }) => {
    if (!uuid.safeParse(params.eventId).success) throw notFound();
    // Hovering a 'Get Tickets' link must not start a checkout.
    if (preload) return { checkout: null };
    // A sale with a waiting room goes through the queue first, unless its pass is already here
    // (decision 059). If the room cannot be read, the checkout itself will say what is needed.
    const { onsaleDetour } = await import('../onsale/detour');
    if (await onsaleDetour(params.eventId))
      throw redirect({ to: '/e/$eventId/queue', params: { eventId: params.eventId }, replace: true });
    // Imported here, not at the top: the checkout machine stays out of every page's first load.
    const { checkoutFor } = await import('../checkout/checkoutSession');
    return {
      checkout: checkoutFor({
        step: 'selection',
        eventId: params.eventId,
        ...(search.access ? { accessCode: search.access } : {}),
      }),
    };
  },
  // The event's dates, when it has several (decision 046); without them the page is as it was.
  loader: ({ params }) => fetchEventDates(params.eventId).catch(() => []),
  component: SelectionRoute,
});

function SelectionRoute() {
  const { checkout } = Route.useRouteContext();
  const dates = Route.useLoaderData();
  const asked = Route.useSearch({ select: (s) => s.date });
  const access = Route.useSearch({ select: (s) => s.access });
  return checkout ? (
    <CheckoutStep actor={checkout} route="selection" dates={{ list: dates, asked, access }} />
  ) : null;
}
