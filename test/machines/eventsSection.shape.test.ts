import { expect, it } from 'vitest';
import { eventsSectionMachine } from '../../machines/eventsSection.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('eventsSectionMachine has the states and transitions of its flow', () =>
  expect(machineShape(eventsSectionMachine)).toEqual([
    'state eventsSection.loading invokes fetchEvents:fetchEvents',
    'state eventsSection.loaded (final)',
    'state eventsSection.empty (final)',
    'state eventsSection.failed (final)',
    'eventsSection.loading --xstate.done.actor.fetchEvents--> eventsSection.empty []',
    'eventsSection.loading --xstate.done.actor.fetchEvents--> eventsSection.loaded [hasEvents]',
    'eventsSection.loading --xstate.error.actor.fetchEvents--> eventsSection.failed []',
  ]));
