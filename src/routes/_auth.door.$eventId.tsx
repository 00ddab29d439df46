import { createFileRoute, notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { uuid } from '../../contract/common';
import { ApiError } from '../api/http';
import { fetchDoorSummary } from '../api/team';
import { WizardError, WizardLoading, WizardNotFound } from '../organiser/WizardStates';
import { DoorScreen } from '../team/DoorScreen';

/** /door/{eventId}: the door's own screen (decision 043 amendment) for the check-in roles. */
export const Route = createFileRoute('/_auth/door/$eventId')({
  params: {
    parse: (raw) => z.object({ eventId: z.string().check(z.minLength(1)) }).parse(raw),
    stringify: (p) => p,
  },
  loader: async ({ params }) => {
    if (!uuid.safeParse(params.eventId).success) throw notFound();
    try {
      return await fetchDoorSummary(params.eventId);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => ({
    meta: loaderData ? [{ title: `${loaderData.event.eventName} — door — Gatepass` }] : [],
  }),
  pendingComponent: WizardLoading,
  errorComponent: WizardError,
  notFoundComponent: WizardNotFound,
  component: function Door() {
    return <DoorScreen summary={Route.useLoaderData()} />;
  },
});
