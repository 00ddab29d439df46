import { expect, it } from 'vitest';
import { accountSettingsMachine } from '../../machines/accountSettings.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('accountSettingsMachine has the states and transitions of its flow', () =>
  expect(machineShape(accountSettingsMachine)).toEqual([
    'state accountSettings.editing',
    'state accountSettings.saving invokes updateProfile:updateProfile',
    'accountSettings.editing --field.change--> (self) []',
    'accountSettings.editing --form.submit--> (self) []',
    'accountSettings.editing --form.submit--> accountSettings.saving [valid]',
    'accountSettings.saving --xstate.done.actor.updateProfile--> accountSettings.editing []',
    'accountSettings.saving --xstate.error.actor.updateProfile--> accountSettings.editing []',
  ]));
