import { expect, it } from 'vitest';
import { orderSelfServiceMachine } from '../../machines/orderSelfService.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('orderSelfServiceMachine has the states and transitions of its flow', () =>
  expect(machineShape(orderSelfServiceMachine)).toEqual([
    'state orderSelfService.idle',
    'state orderSelfService.resending invokes resend:resend',
    'state orderSelfService.confirming',
    'state orderSelfService.givingBack invokes giveBack:giveBack',
    'state orderSelfService.givenBack (final)',
    'orderSelfService.confirming --giveBack.cancel--> orderSelfService.idle []',
    'orderSelfService.confirming --giveBack.confirm--> orderSelfService.givingBack []',
    'orderSelfService.givingBack --xstate.done.actor.giveBack--> orderSelfService.givenBack []',
    'orderSelfService.givingBack --xstate.error.actor.giveBack--> orderSelfService.idle []',
    'orderSelfService.idle --giveBack.ask--> orderSelfService.confirming []',
    'orderSelfService.idle --resend--> orderSelfService.resending []',
    'orderSelfService.resending --xstate.done.actor.resend--> orderSelfService.idle []',
    'orderSelfService.resending --xstate.error.actor.resend--> orderSelfService.idle []',
  ]));
