import { expect, it } from 'vitest';
import { deleteAccountMachine } from '../../machines/deleteAccount.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('deleteAccountMachine has the states and transitions of its flow', () =>
  expect(machineShape(deleteAccountMachine)).toEqual([
    'state deleteAccount.closed',
    'state deleteAccount.confirming',
    'state deleteAccount.deleting invokes deleteAccount:deleteAccount',
    'state deleteAccount.deleted (final)',
    'deleteAccount.closed --delete.start--> deleteAccount.confirming []',
    'deleteAccount.confirming --delete.cancel--> deleteAccount.closed []',
    'deleteAccount.confirming --field.change--> (self) []',
    'deleteAccount.confirming --form.submit--> (self) []',
    'deleteAccount.confirming --form.submit--> deleteAccount.deleting [hasPassword]',
    'deleteAccount.deleting --xstate.done.actor.deleteAccount--> deleteAccount.deleted []',
    'deleteAccount.deleting --xstate.error.actor.deleteAccount--> deleteAccount.confirming []',
    'deleteAccount.deleting --xstate.error.actor.deleteAccount--> deleteAccount.confirming [refused]',
  ]));
