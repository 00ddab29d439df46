import { expect, it } from 'vitest';
import { eventDetailsEditMachine } from '../../machines/eventDetailsEdit.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('eventDetailsEditMachine has the states and transitions of its flow', () =>
  expect(machineShape(eventDetailsEditMachine)).toEqual([
    'state eventDetailsEdit.editing',
    'state eventDetailsEdit.saving invokes saveEvent:saveEvent',
    'eventDetailsEdit.editing --field.change--> (self) []',
    'eventDetailsEdit.editing --form.cancel--> (self) []',
    'eventDetailsEdit.editing --form.submit--> (self) []',
    'eventDetailsEdit.editing --form.submit--> eventDetailsEdit.saving [valid]',
    'eventDetailsEdit.saving --xstate.done.actor.saveEvent--> eventDetailsEdit.editing []',
    'eventDetailsEdit.saving --xstate.error.actor.saveEvent--> eventDetailsEdit.editing []',
  ]));
