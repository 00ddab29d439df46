import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { WizardPage } from '../organiser/WizardPage';
import { WizardError, WizardLoading, WizardNotFound } from '../organiser/WizardStates';
import { loadWizardStep } from '../organiser/wizardRoute';

/** Step 3 of 3: appearance: renders the wizard machine's 'appearance' state (docs/decisions/011). */
export const Route = createFileRoute('/_auth/events/create/3/$eventId')({
  params: {
    parse: (raw) => z.object({ eventId: z.string().check(z.minLength(1)) }).parse(raw),
    stringify: (p) => p,
  },
  loader: ({ params }) => loadWizardStep(params.eventId, 'appearance'),
  head: () => ({ meta: [{ title: 'Step 3 of 3: appearance — Gatepass' }] }),
  pendingComponent: WizardLoading,
  errorComponent: WizardError,
  notFoundComponent: WizardNotFound,
  component: () => {
    const data = Route.useLoaderData();
    return <WizardPage key={data.event._id} step="appearance" {...data} />;
  },
});
