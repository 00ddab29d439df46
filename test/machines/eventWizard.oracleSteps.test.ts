import { describe, expect, it } from 'vitest';
import {
  allowedStep,
  eventWizardMachine,
  furthestStep,
  stepOf,
  type WizardInput,
} from '../../machines/eventWizard.machine';
import { driveMachine } from '../helpers/driveMachine';
import { draftEvent, ticketType } from './organiserFixtures';

/** The steps a wizard's route may show (decision 011), against values written here. */
const regular = ticketType();
const wizard = (input: WizardInput) =>
  driveMachine(eventWizardMachine, {
    input,
    calls: ['saveEvent', 'saveSocials', 'deleteTicket', 'uploadImage'] as const,
    recorded: ['notify', 'goHome', 'goToListing'] as const,
    guards: { hasToken: () => true },
  });
const fresh: WizardInput = { step: 'details', event: null, tickets: [] };

describe('event wizard: the steps a route may show', () => {
  it('from how far the event has come', () => {
    expect(furthestStep(null, [])).toBe('details');
    expect(furthestStep(null, [regular])).toBe('details');
    expect(furthestStep(draftEvent, [])).toBe('tickets');
    expect(furthestStep(draftEvent, [regular])).toBe('appearance');
    expect(allowedStep('tickets', draftEvent, [])).toBe('tickets');
    expect(allowedStep('preview', draftEvent, [])).toBe('tickets');
    expect(allowedStep('tickets', null, [])).toBe('details');
    expect(allowedStep('appearance', draftEvent, [regular])).toBe('appearance');
  });

  it.each(['details', 'tickets', 'preview', 'appearance'] as const)('names the step %s shows', (step) =>
    expect(stepOf(wizard({ step, event: draftEvent, tickets: [regular] }).snap())).toBe(step),
  );
  it('names no step once the wizard is over', () => {
    const w = wizard(fresh);
    w.send({ type: 'details.cancel' });
    expect(stepOf(w.snap())).toBeNull();
  });
});
