import { expect, it } from 'vitest';
import { checkinLinkPinMachine } from '../../machines/checkinLinkPin.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('checkinLinkPinMachine has the states and transitions of its flow', () =>
  expect(machineShape(checkinLinkPinMachine)).toEqual([
    'state checkinLinkPin.loading invokes loadLink:loadLink',
    'state checkinLinkPin.ready',
    'state checkinLinkPin.opening invokes openSession:openSession',
    'state checkinLinkPin.opened (final)',
    'state checkinLinkPin.closed (final)',
    'checkinLinkPin.loading --xstate.done.actor.loadLink--> checkinLinkPin.closed []',
    'checkinLinkPin.loading --xstate.done.actor.loadLink--> checkinLinkPin.ready [linkActive]',
    'checkinLinkPin.loading --xstate.error.actor.loadLink--> checkinLinkPin.closed []',
    'checkinLinkPin.opening --xstate.done.actor.openSession--> checkinLinkPin.opened []',
    'checkinLinkPin.opening --xstate.error.actor.openSession--> checkinLinkPin.ready []',
    'checkinLinkPin.ready --form.submit--> (self) []',
    'checkinLinkPin.ready --form.submit--> checkinLinkPin.opening [pinValid]',
    'checkinLinkPin.ready --pin.change--> (self) []',
  ]));
