import { expect, it } from 'vitest';
import { ticketChangeSettingsMachine } from '../../machines/ticketChangeSettings.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('ticketChangeSettingsMachine has the states and transitions of its flow', () =>
  expect(machineShape(ticketChangeSettingsMachine)).toEqual([
    'state ticketChangeSettings.editing',
    'state ticketChangeSettings.saving invokes save:save',
    'ticketChangeSettings.editing --field.change--> (self) []',
    'ticketChangeSettings.editing --form.submit--> (self) []',
    'ticketChangeSettings.editing --form.submit--> ticketChangeSettings.saving [valid]',
    'ticketChangeSettings.editing --liveOnly.set--> (self) []',
    'ticketChangeSettings.editing --transfers.set--> (self) []',
    'ticketChangeSettings.saving --xstate.done.actor.save--> ticketChangeSettings.editing []',
    'ticketChangeSettings.saving --xstate.error.actor.save--> ticketChangeSettings.editing []',
  ]));
