import { expect, it } from 'vitest';
import { forgotPasswordMachine } from '../../machines/forgotPassword.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('forgotPasswordMachine has the states and transitions of its flow', () =>
  expect(machineShape(forgotPasswordMachine)).toEqual([
    'state forgotPassword.editing',
    'state forgotPassword.sending invokes requestCode:requestCode',
    'state forgotPassword.codeSent (final)',
    'forgotPassword.editing --field.change--> (self) []',
    'forgotPassword.editing --form.submit--> (self) []',
    'forgotPassword.editing --form.submit--> forgotPassword.sending [valid]',
    'forgotPassword.sending --xstate.done.actor.requestCode--> forgotPassword.codeSent []',
    'forgotPassword.sending --xstate.error.actor.requestCode--> forgotPassword.editing []',
  ]));
