import { expect, it } from 'vitest';
import { accessCodesMachine } from '../../machines/accessCodes.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('accessCodesMachine has the states and transitions of its flow', () =>
  expect(machineShape(accessCodesMachine)).toEqual([
    'state accessCodes.loading invokes load:load',
    'state accessCodes.failed',
    'state accessCodes.ready (compound)',
    'state accessCodes.ready.idle',
    'state accessCodes.ready.creating invokes create:create',
    'state accessCodes.ready.deleting invokes remove:remove',
    'accessCodes.failed --retry--> accessCodes.loading []',
    'accessCodes.loading --xstate.done.actor.load--> accessCodes.ready []',
    'accessCodes.loading --xstate.error.actor.load--> accessCodes.failed []',
    'accessCodes.ready.creating --xstate.done.actor.create--> accessCodes.ready.idle []',
    'accessCodes.ready.creating --xstate.error.actor.create--> accessCodes.ready.idle []',
    'accessCodes.ready.deleting --xstate.done.actor.remove--> accessCodes.ready.idle []',
    'accessCodes.ready.deleting --xstate.error.actor.remove--> accessCodes.ready.idle []',
    'accessCodes.ready.idle --delete--> accessCodes.ready.deleting []',
    'accessCodes.ready.idle --field.change--> (self) []',
    'accessCodes.ready.idle --form.submit--> (self) []',
    'accessCodes.ready.idle --form.submit--> accessCodes.ready.creating [valid]',
    'accessCodes.ready.idle --ticketType.toggle--> (self) []',
  ]));
