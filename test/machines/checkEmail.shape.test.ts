import { expect, it } from 'vitest';
import { checkEmailMachine } from '../../machines/checkEmail.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('checkEmailMachine has the states and transitions of its flow', () =>
  expect(machineShape(checkEmailMachine)).toEqual([
    'state checkEmail.idle',
    'state checkEmail.sending invokes resendVerification:resendVerification',
    'checkEmail.idle --email.resend--> checkEmail.sending []',
    'checkEmail.sending --xstate.done.actor.resendVerification--> checkEmail.idle []',
    'checkEmail.sending --xstate.error.actor.resendVerification--> checkEmail.idle []',
  ]));
