import { expect, it } from 'vitest';
import { guestSearchMachine } from '../../machines/guestSearch.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('guestSearchMachine has the states and transitions of its flow', () =>
  expect(machineShape(guestSearchMachine)).toEqual([
    'state guestSearch.idle',
    'state guestSearch.waiting',
    'state guestSearch.searching invokes findGuests:findGuests',
    'state guestSearch.shown',
    'guestSearch --clear--> guestSearch.idle []',
    'guestSearch --query.change--> guestSearch.idle []',
    'guestSearch --query.change--> guestSearch.waiting [searchable]',
    'guestSearch.searching --xstate.done.actor.findGuests--> guestSearch.shown []',
    'guestSearch.searching --xstate.error.actor.findGuests--> guestSearch.shown []',
    'guestSearch.waiting --xstate.after.pause.guestSearch.waiting--> guestSearch.searching []',
  ]));
