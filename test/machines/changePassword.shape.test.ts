import { expect, it } from 'vitest';
import { changePasswordMachine } from '../../machines/changePassword.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('changePasswordMachine has the states and transitions of its flow', () =>
  expect(machineShape(changePasswordMachine)).toEqual([
    'state changePassword.editing',
    'state changePassword.saving invokes changePassword:changePassword',
    'changePassword.editing --field.change--> (self) []',
    'changePassword.editing --form.submit--> (self) []',
    'changePassword.editing --form.submit--> changePassword.saving [valid]',
    'changePassword.saving --xstate.done.actor.changePassword--> changePassword.editing []',
    'changePassword.saving --xstate.error.actor.changePassword--> changePassword.editing []',
  ]));
