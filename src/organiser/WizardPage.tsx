import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { type Actor, fromPromise } from 'xstate';
import type { OrganiserEvent } from '../../contract/organiser';
import type { PayoutAccount } from '../../contract/payouts';
import type { OrganiserTicket } from '../../contract/tickets';
import { eventWizardMachine, stepOf, type WizardStep } from '../../machines/eventWizard.machine';
import { detailsRequest, valuesFromEvent } from '../../machines/lib/eventDetailsForm';
import { createEvent, deleteTicket, updateEvent, uploadPoster } from '../api/organiser';
import { readToken } from '../app/storage';
import { notifyAction } from '../ui/notify';
import * as styles from './organiser.css';
import { Stepper } from './Stepper';
import { AppearanceStep } from './wizard/AppearanceStep';
import { DetailsStep } from './wizard/DetailsStep';
import { PreviewStep } from './wizard/PreviewStep';
import { TicketsStep } from './wizard/TicketsStep';
import { clearHandOff, handOff, receiveHandOff, stepLocation } from './wizardRoute';

export type WizardActor = Actor<typeof eventWizardMachine>;

type Props = {
  step: WizardStep;
  event: OrganiserEvent | null;
  tickets: OrganiserTicket[];
  payoutAccount: PayoutAccount | null;
};

/**
 * One page for the four wizard routes: it runs the wizard machine from the route's step (or from the
 * previous step's hand-off) and keeps the URL in step with the machine (docs/decisions/011).
 */
export function WizardPage({ step, event, tickets, payoutAccount }: Props) {
  const navigate = useNavigate();
  const eventId = event?._id ?? null;
  const [resume] = useState(() => receiveHandOff(eventId, step));
  const [machine] = useState(() =>
    eventWizardMachine.provide({
      actors: {
        saveEvent: fromPromise(async ({ input }) =>
          input.eventId
            ? (await updateEvent(input.eventId, input.body)).event
            : (await createEvent(input.body)).event,
        ),
        saveSocials: fromPromise(
          async ({ input }) =>
            (await updateEvent(input.event._id, detailsRequest(valuesFromEvent(input.event), input.socials)))
              .event,
        ),
        deleteTicket: fromPromise(({ input }) => deleteTicket(input.ticketId)),
        uploadImage: fromPromise(({ input }) =>
          uploadPoster(input.eventId, input.file as File, input.publish),
        ),
      },
      actions: {
        notify: notifyAction,
        goHome: () => void navigate({ to: '/' }),
        goToListing: (_, { eventId }) =>
          void navigate({ to: '/events/all', search: eventId ? { published: eventId } : {} }),
      },
      guards: { hasToken: () => readToken() !== null },
    }),
  );
  // With a hand-off the snapshot wins; the input is what a fresh start would use.
  const actor = useActorRef(machine, {
    input: { step, event, tickets },
    ...(resume ? { snapshot: resume } : {}),
  });
  const current = useSelector(actor, (s) => stepOf(s));

  // Each step the machine moves to is navigated to once (a re-render must not navigate again and
  // race the first navigation).
  const navigated = useRef<WizardStep | null>(null);
  useEffect(() => clearHandOff(), []);
  useEffect(() => {
    if (!current || current === step || navigated.current === current) return;
    navigated.current = current;
    const id = actor.getSnapshot().context.event?._id ?? null;
    handOff(id, current, actor.getPersistedSnapshot());
    void navigate(stepLocation(current, id));
  }, [current, step, actor, navigate]);

  // Until the URL has caught up with the machine, the old step stays on screen (disabled by the
  // route change a moment later): a click in between would land on a page about to be replaced.
  const shown = step;
  const moving = current !== step;
  return (
    <main id="main" className={styles.page}>
      <div>
        <h1 className={styles.title}>{eventId ? 'Set up your event' : 'Create an event'}</h1>
        <p className={styles.lead}>Your event stays a draft, visible only to you, until you publish it.</p>
      </div>
      <Stepper step={shown} />
      <div className={styles.fieldset} inert={moving}>
        {shown === 'details' && <DetailsStep actor={actor} />}
        {shown === 'tickets' && <TicketsStep actor={actor} payoutAccount={payoutAccount} />}
        {shown === 'preview' && <PreviewStep actor={actor} />}
        {shown === 'appearance' && <AppearanceStep actor={actor} />}
      </div>
    </main>
  );
}
