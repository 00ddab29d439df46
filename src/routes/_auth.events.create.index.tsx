import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { WizardPage } from '../organiser/WizardPage';
import { WizardError, WizardLoading } from '../organiser/WizardStates';
import { loadWizardStep } from '../organiser/wizardRoute';

/** Step 1. With `?eventId=` it edits that draft's details (Back from step 2). */
export const Route = createFileRoute('/_auth/events/create/')({
  validateSearch: (raw) => z.object({ eventId: z.optional(z.string()) }).parse(raw),
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  loader: ({ deps }) =>
    deps.eventId
      ? loadWizardStep(deps.eventId, 'details')
      : { event: null, tickets: [], payoutAccount: null },
  head: () => ({ meta: [{ title: 'Create an event — Gatepass' }] }),
  pendingComponent: WizardLoading,
  errorComponent: WizardError,
  component: () => {
    const data = Route.useLoaderData();
    return <WizardPage key={data.event?._id ?? 'new'} step="details" {...data} />;
  },
});
