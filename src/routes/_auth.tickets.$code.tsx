import { createFileRoute, notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ApiError } from '../api/http';
import { fetchTicket } from '../api/orders';
import { keptTicketsHolder, readKeptTicket } from '../app/keptTickets';
import { readToken } from '../app/storage';
import { RouteErrorPage } from '../pages/RouteErrorPage';
import { TicketPage } from '../tickets/TicketPage';

/** A ticket by its signed code (the owner, its attendee or the event's organiser only). */
export const Route = createFileRoute('/_auth/tickets/$code')({
  params: {
    parse: (raw) => z.object({ code: z.string().check(z.minLength(1), z.maxLength(200)) }).parse(raw),
    stringify: (p) => p,
  },
  loader: async ({ params }) => {
    // Signed out for being idle: the copy kept on this phone (decision 053 §5), or nothing.
    if (readToken() === null && keptTicketsHolder()) {
      const kept = await readKeptTicket(params.code);
      if (!kept) throw notFound();
      return kept;
    }
    try {
      return await fetchTicket(params.code);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => ({
    meta: loaderData
      ? [{ title: `${loaderData.ticket.ticketName} — ${loaderData.ticket.event.eventName} — Gatepass` }]
      : [],
  }),
  errorComponent: RouteErrorPage,
  component: TicketRoute,
});

function TicketRoute() {
  const { ticket, generatedAt } = Route.useLoaderData();
  return <TicketPage ticket={ticket} updatedAt={generatedAt} />;
}
