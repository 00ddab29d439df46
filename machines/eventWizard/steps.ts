import type { OrganiserEvent as Event } from '../../contract/organiser';
import type { OrganiserTicket as Ticket } from '../../contract/tickets';

/** The wizard's steps as the stepper (DETAILS → TICKETS → APPEARANCE) and the routes know them. */
export type WizardStep = 'details' | 'tickets' | 'preview' | 'appearance';

/**
 * How far an event has come, read from the server's copy of it (so a draft resumes after a reload
 * or from My Events): details always; tickets once the event exists; preview and appearance once it
 * has at least one ticket type.
 */
export function furthestStep(event: Event | null, tickets: readonly Ticket[]): WizardStep {
  if (!event) return 'details';
  return tickets.length > 0 ? 'appearance' : 'tickets';
}

const ORDER: WizardStep[] = ['details', 'tickets', 'preview', 'appearance'];

/** The step a route may show: the one asked for when reached, else the furthest reached. */
export function allowedStep(requested: WizardStep, event: Event | null, tickets: readonly Ticket[]) {
  const furthest = furthestStep(event, tickets);
  // `<=` made `<` survives, equivalent: when they are equal, requested is furthest (the line's `>` is killed, so no disable comment).
  return ORDER.indexOf(requested) <= ORDER.indexOf(furthest) ? requested : furthest;
}

/** The step a snapshot shows (the page keeps the URL in step with it). */
export function stepOf(snapshot: { matches: (state: WizardStep) => boolean }): WizardStep | null {
  return ORDER.find((step) => snapshot.matches(step)) ?? null;
}
