import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { WizardPage } from '../organiser/WizardPage';
import { WizardError, WizardLoading, WizardNotFound } from '../organiser/WizardStates';
import { loadWizardStep } from '../organiser/wizardRoute';

/** Step 2 of 3: tickets: renders the wizard machine's 'tickets' state (docs/decisions/011). */
export const Route = createFileRoute('/_auth/events/create/2/$eventId')({
  params: {
    parse: (raw) => z.object({ eventId: z.string().check(z.minLength(1)) }).parse(raw),
    stringify: (p) => p,
  },
  loader: ({ params }) => loadWizardStep(params.eventId, 'tickets'),
  head: () => ({ meta: [{ title: 'Step 2 of 3: tickets — Gatepass' }] }),
  pendingComponent: WizardLoading,
  errorComponent: WizardError,
  notFoundComponent: WizardNotFound,
  component: () => {
    const data = Route.useLoaderData();
    return <WizardPage key={data.event._id} step="tickets" {...data} />;
  },
});
