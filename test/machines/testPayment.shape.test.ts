import { expect, it } from 'vitest';
import { testPaymentMachine } from '../../machines/testPayment.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('testPaymentMachine has the states and transitions of its flow', () =>
  expect(machineShape(testPaymentMachine)).toEqual([
    'state testPayment.loading invokes fetchPayment:fetchPayment',
    'state testPayment.loadFailed',
    'state testPayment.ready',
    'state testPayment.approving invokes decide:decide',
    'state testPayment.declining invokes decide:decide',
    'state testPayment.returning',
    'state testPayment.settled',
    'testPayment.approving --xstate.done.actor.decide--> testPayment.returning []',
    'testPayment.approving --xstate.error.actor.decide--> testPayment.ready []',
    'testPayment.declining --xstate.done.actor.decide--> testPayment.returning []',
    'testPayment.declining --xstate.error.actor.decide--> testPayment.ready []',
    'testPayment.loadFailed --load.retry--> testPayment.loading []',
    'testPayment.loading --xstate.done.actor.fetchPayment--> testPayment.ready [pending]',
    'testPayment.loading --xstate.done.actor.fetchPayment--> testPayment.settled []',
    'testPayment.loading --xstate.error.actor.fetchPayment--> testPayment.loadFailed []',
    'testPayment.ready --payment.approve--> testPayment.approving []',
    'testPayment.ready --payment.decline--> testPayment.declining []',
  ]));
