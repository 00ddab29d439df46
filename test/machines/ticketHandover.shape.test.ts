import { expect, it } from 'vitest';
import { ticketHandoverMachine } from '../../machines/ticketHandover.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('ticketHandoverMachine has the states and transitions of its flow', () =>
  expect(machineShape(ticketHandoverMachine)).toEqual([
    'state ticketHandover.idle',
    'state ticketHandover.transferForm',
    'state ticketHandover.confirmTransfer',
    'state ticketHandover.transferring invokes transfer:transfer',
    'state ticketHandover.transferred (final)',
    'state ticketHandover.renameForm',
    'state ticketHandover.renaming invokes rename:rename',
    'ticketHandover.confirmTransfer --back--> ticketHandover.transferForm []',
    'ticketHandover.confirmTransfer --confirm--> ticketHandover.transferring []',
    'ticketHandover.idle --rename.open--> ticketHandover.renameForm []',
    'ticketHandover.idle --transfer.open--> ticketHandover.transferForm []',
    'ticketHandover.renameForm --cancel--> ticketHandover.idle []',
    'ticketHandover.renameForm --field.change--> (self) []',
    'ticketHandover.renameForm --form.submit--> (self) []',
    'ticketHandover.renameForm --form.submit--> ticketHandover.renaming [nameValid]',
    'ticketHandover.renaming --xstate.done.actor.rename--> ticketHandover.idle []',
    'ticketHandover.renaming --xstate.error.actor.rename--> ticketHandover.renameForm []',
    'ticketHandover.transferForm --cancel--> ticketHandover.idle []',
    'ticketHandover.transferForm --field.change--> (self) []',
    'ticketHandover.transferForm --form.submit--> (self) []',
    'ticketHandover.transferForm --form.submit--> ticketHandover.confirmTransfer [transferValid]',
    'ticketHandover.transferring --xstate.done.actor.transfer--> ticketHandover.transferred []',
    'ticketHandover.transferring --xstate.error.actor.transfer--> ticketHandover.transferForm []',
  ]));
