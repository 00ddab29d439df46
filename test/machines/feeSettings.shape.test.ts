import { expect, it } from 'vitest';
import { feeSettingsMachine } from '../../machines/feeSettings.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): changing the flow means changing this list on purpose.
it('feeSettingsMachine has the states and transitions of its flow', () =>
  expect(machineShape(feeSettingsMachine)).toEqual([
    'state feeSettings.editing',
    'state feeSettings.saving invokes save:save',
    'feeSettings.editing --feeMode.set--> (self) []',
    'feeSettings.editing --form.submit--> feeSettings.saving [changed]',
    'feeSettings.saving --xstate.done.actor.save--> feeSettings.editing []',
    'feeSettings.saving --xstate.error.actor.save--> feeSettings.editing []',
  ]));
