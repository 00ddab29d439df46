import { expect, it } from 'vitest';
import { doorAdmitMachine } from '../../machines/doorAdmit.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('doorAdmitMachine has the states and transitions of its flow', () =>
  expect(machineShape(doorAdmitMachine)).toEqual([
    'state doorAdmit.idle',
    'state doorAdmit.admitting invokes admit:admit',
    'doorAdmit.admitting --xstate.done.actor.admit--> doorAdmit.idle []',
    'doorAdmit.admitting --xstate.error.actor.admit--> doorAdmit.idle []',
    'doorAdmit.idle --admit--> doorAdmit.admitting []',
  ]));
