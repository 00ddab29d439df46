import { expect, it } from 'vitest';
import { waitlistPanelMachine } from '../../machines/waitlistPanel.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('waitlistPanelMachine has the states and transitions of its flow', () =>
  expect(machineShape(waitlistPanelMachine)).toEqual([
    'state waitlistPanel.loading invokes load:load',
    'state waitlistPanel.failed',
    'state waitlistPanel.ready',
    'state waitlistPanel.savingMinutes invokes saveMinutes:saveMinutes',
    'state waitlistPanel.switching invokes setSwitch:setSwitch',
    'waitlistPanel.failed --retry--> waitlistPanel.loading []',
    'waitlistPanel.loading --xstate.done.actor.load--> waitlistPanel.ready []',
    'waitlistPanel.loading --xstate.error.actor.load--> waitlistPanel.failed []',
    'waitlistPanel.ready --minutes.change--> (self) []',
    'waitlistPanel.ready --minutes.save--> (self) []',
    'waitlistPanel.ready --minutes.save--> waitlistPanel.savingMinutes [minutesValid]',
    'waitlistPanel.ready --switch.set--> waitlistPanel.switching []',
    'waitlistPanel.savingMinutes --xstate.done.actor.saveMinutes--> waitlistPanel.ready []',
    'waitlistPanel.savingMinutes --xstate.error.actor.saveMinutes--> waitlistPanel.ready []',
    'waitlistPanel.switching --xstate.done.actor.setSwitch--> waitlistPanel.ready []',
    'waitlistPanel.switching --xstate.error.actor.setSwitch--> waitlistPanel.ready []',
  ]));
