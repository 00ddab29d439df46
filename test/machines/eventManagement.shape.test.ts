import { expect, it } from 'vitest';
import { eventManagementMachine } from '../../machines/eventManagement.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('eventManagementMachine has the states and transitions of its flow', () =>
  expect(machineShape(eventManagementMachine)).toEqual([
    'state eventManagement.publishing (compound)',
    'state eventManagement.publishing.idle',
    'state eventManagement.publishing.busy invokes setPublished:setPublished',
    'state eventManagement.duplicating (compound)',
    'state eventManagement.duplicating.idle',
    'state eventManagement.duplicating.busy invokes duplicate:duplicate',
    'state eventManagement.sales (compound)',
    'state eventManagement.sales.idle',
    'state eventManagement.sales.busy invokes setSalesLive:setSalesLive',
    'state eventManagement.emailMessage (compound)',
    'state eventManagement.emailMessage.idle',
    'state eventManagement.emailMessage.busy invokes saveEmailMessage:saveEmailMessage',
    'state eventManagement.testEmail (compound)',
    'state eventManagement.testEmail.idle',
    'state eventManagement.testEmail.busy invokes sendTestEmail:sendTestEmail',
    'eventManagement.duplicating.busy --xstate.done.actor.duplicate--> eventManagement.duplicating.idle []',
    'eventManagement.duplicating.busy --xstate.error.actor.duplicate--> eventManagement.duplicating.idle []',
    'eventManagement.duplicating.idle --duplicate--> eventManagement.duplicating.busy []',
    'eventManagement.emailMessage.busy --xstate.done.actor.saveEmailMessage--> eventManagement.emailMessage.idle []',
    'eventManagement.emailMessage.busy --xstate.error.actor.saveEmailMessage--> eventManagement.emailMessage.idle []',
    'eventManagement.emailMessage.idle --emailMessage.change--> (self) []',
    'eventManagement.emailMessage.idle --emailMessage.save--> eventManagement.emailMessage.busy []',
    'eventManagement.publishing.busy --xstate.done.actor.setPublished--> eventManagement.publishing.idle []',
    'eventManagement.publishing.busy --xstate.error.actor.setPublished--> eventManagement.publishing.idle []',
    'eventManagement.publishing.idle --publish.set--> eventManagement.publishing.busy []',
    'eventManagement.sales.busy --xstate.done.actor.setSalesLive--> eventManagement.sales.idle []',
    'eventManagement.sales.busy --xstate.error.actor.setSalesLive--> eventManagement.sales.idle []',
    'eventManagement.sales.idle --sales.set--> eventManagement.sales.busy []',
    'eventManagement.testEmail.busy --xstate.done.actor.sendTestEmail--> eventManagement.testEmail.idle []',
    'eventManagement.testEmail.busy --xstate.error.actor.sendTestEmail--> eventManagement.testEmail.idle []',
    'eventManagement.testEmail.idle --testEmail.change--> (self) []',
    'eventManagement.testEmail.idle --testEmail.send--> eventManagement.testEmail.busy []',
  ]));
