import { expect, it } from 'vitest';
import { sessionSettingsMachine } from '../../machines/sessionSettings.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('sessionSettingsMachine has the states and transitions of its flow', () =>
  expect(machineShape(sessionSettingsMachine)).toEqual([
    'state sessionSettings.idle',
    'state sessionSettings.saving invokes updateSettings:updateSettings',
    'sessionSettings.idle --concurrent.change--> sessionSettings.saving []',
    'sessionSettings.idle --timeout.change--> sessionSettings.saving []',
    'sessionSettings.saving --xstate.done.actor.updateSettings--> sessionSettings.idle []',
    'sessionSettings.saving --xstate.error.actor.updateSettings--> sessionSettings.idle []',
  ]));
