import { expect, it } from 'vitest';
import { resetPasswordMachine } from '../../machines/resetPassword.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('resetPasswordMachine has the states and transitions of its flow', () =>
  expect(machineShape(resetPasswordMachine)).toEqual([
    'state resetPassword.editing',
    'state resetPassword.resetting invokes resetPassword:resetPassword',
    'state resetPassword.done (final)',
    'resetPassword.editing --field.change--> (self) []',
    'resetPassword.editing --form.submit--> (self) []',
    'resetPassword.editing --form.submit--> resetPassword.resetting [valid]',
    'resetPassword.resetting --xstate.done.actor.resetPassword--> resetPassword.done []',
    'resetPassword.resetting --xstate.error.actor.resetPassword--> resetPassword.editing []',
  ]));
