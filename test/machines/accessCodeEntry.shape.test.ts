import { expect, it } from 'vitest';
import { accessCodeEntryMachine } from '../../machines/accessCodeEntry.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('accessCodeEntryMachine has the states and transitions of its flow', () =>
  expect(machineShape(accessCodeEntryMachine)).toEqual([
    'state accessCodeEntry.idle',
    'state accessCodeEntry.checking invokes check:check',
    'state accessCodeEntry.unlocked (final)',
    'accessCodeEntry.checking --xstate.done.actor.check--> accessCodeEntry.unlocked []',
    'accessCodeEntry.checking --xstate.error.actor.check--> accessCodeEntry.idle []',
    'accessCodeEntry.idle --code.change--> (self) []',
    'accessCodeEntry.idle --code.submit--> (self) []',
    'accessCodeEntry.idle --code.submit--> accessCodeEntry.checking [hasCode]',
  ]));
