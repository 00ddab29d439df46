import { expect, it } from 'vitest';
import { inactivityMachine } from '../../machines/inactivity.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('inactivityMachine has the states and transitions of its flow', () =>
  expect(machineShape(inactivityMachine)).toEqual([
    'state inactivity.watching',
    'state inactivity.warning',
    'state inactivity.timedOut (final)',
    'inactivity.warning --stay--> inactivity.watching []',
    'inactivity.warning --timeout.change--> (self) []',
    'inactivity.warning --user.activity--> inactivity.watching []',
    'inactivity.warning --xstate.after.check.inactivity.warning--> inactivity.timedOut [idleTooLong]',
    'inactivity.warning --xstate.after.check.inactivity.warning--> inactivity.warning [nearlyIdleTooLong]',
    'inactivity.warning --xstate.after.check.inactivity.warning--> inactivity.watching []',
    'inactivity.watching --timeout.change--> (self) []',
    'inactivity.watching --user.activity--> (self) []',
    'inactivity.watching --xstate.after.check.inactivity.watching--> inactivity.timedOut [idleTooLong]',
    'inactivity.watching --xstate.after.check.inactivity.watching--> inactivity.warning [nearlyIdleTooLong]',
    'inactivity.watching --xstate.after.check.inactivity.watching--> inactivity.watching []',
  ]));
