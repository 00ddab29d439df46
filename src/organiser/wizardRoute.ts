import { notFound, redirect } from '@tanstack/react-router';
import type { Snapshot } from 'xstate';
import { uuid } from '../../contract/common';
import { allowedStep, type WizardStep } from '../../machines/eventWizard.machine';
import { ApiError } from '../api/http';
import { fetchManagedEvent, fetchPayoutAccount } from '../api/organiser';

/** The URL of each wizard step (the details of an existing draft carry its id as a search param). */
export function stepLocation(step: WizardStep, eventId: string | null) {
  if (step === 'details' || !eventId)
    return { to: '/events/create', search: eventId ? { eventId } : {} } as const;
  if (step === 'tickets') return { to: '/events/create/2/$eventId', params: { eventId } } as const;
  if (step === 'preview') return { to: '/events/preview/$eventId', params: { eventId } } as const;
  return { to: '/events/create/3/$eventId', params: { eventId } } as const;
}

/**
 * A step's route loader: the organiser's own copy of the event from the server (so a draft resumes
 * after a reload), and a redirect to the furthest step it has reached when the URL asks for a later one.
 */
export async function loadWizardStep(eventId: string, step: WizardStep) {
  if (!uuid.safeParse(eventId).success) throw notFound();
  try {
    const [{ event, tickets }, payout] = await Promise.all([
      fetchManagedEvent(eventId),
      // The ticket form can ask for a bank account itself; a failed look-up is not fatal.
      fetchPayoutAccount(eventId).catch(() => null),
    ]);
    const allowed = allowedStep(step, event, tickets);
    if (allowed !== step) throw redirect({ ...stepLocation(allowed, eventId), replace: true });
    return { event, tickets, payoutAccount: payout?.payoutAccount ?? null };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) throw notFound();
    throw error;
  }
}

/**
 * The wizard actor's state handed from one step's route to the next when the machine moves on, so
 * an open ticket form or a chosen poster survives the URL change. A fresh load (reload, a link from
 * My Events) has no hand-off and starts from the server's copy instead.
 */
let handoff: { eventId: string | null; step: WizardStep; snapshot: Snapshot<unknown> } | null = null;

export function handOff(eventId: string | null, step: WizardStep, snapshot: Snapshot<unknown>) {
  handoff = { eventId, step, snapshot };
}

export function receiveHandOff(eventId: string | null, step: WizardStep) {
  return handoff && handoff.eventId === eventId && handoff.step === step ? handoff.snapshot : null;
}

export function clearHandOff() {
  handoff = null;
}
