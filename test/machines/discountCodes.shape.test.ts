import { expect, it } from 'vitest';
import { discountCodesMachine } from '../../machines/discountCodes.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('discountCodesMachine has the states and transitions of its flow', () =>
  expect(machineShape(discountCodesMachine)).toEqual([
    'state discountCodes.loading invokes load:load',
    'state discountCodes.failed',
    'state discountCodes.ready (compound)',
    'state discountCodes.ready.idle',
    'state discountCodes.ready.saving invokes save:save',
    'state discountCodes.ready.deleting invokes remove:remove',
    'discountCodes.failed --retry--> discountCodes.loading []',
    'discountCodes.loading --xstate.done.actor.load--> discountCodes.ready []',
    'discountCodes.loading --xstate.error.actor.load--> discountCodes.failed []',
    'discountCodes.ready --delete--> discountCodes.ready.deleting []',
    'discountCodes.ready --edit--> (self) []',
    'discountCodes.ready --field.change--> (self) []',
    'discountCodes.ready --form.reset--> (self) []',
    'discountCodes.ready --form.submit--> (self) []',
    'discountCodes.ready --form.submit--> discountCodes.ready.saving [valid]',
    'discountCodes.ready --ticketType.toggle--> (self) []',
    'discountCodes.ready.deleting --delete--> (self) []',
    'discountCodes.ready.deleting --edit--> (self) []',
    'discountCodes.ready.deleting --form.submit--> (self) []',
    'discountCodes.ready.deleting --xstate.done.actor.remove--> discountCodes.ready.idle []',
    'discountCodes.ready.deleting --xstate.error.actor.remove--> discountCodes.ready.idle []',
    'discountCodes.ready.saving --delete--> (self) []',
    'discountCodes.ready.saving --edit--> (self) []',
    'discountCodes.ready.saving --field.change--> (self) []',
    'discountCodes.ready.saving --form.reset--> (self) []',
    'discountCodes.ready.saving --form.submit--> (self) []',
    'discountCodes.ready.saving --ticketType.toggle--> (self) []',
    'discountCodes.ready.saving --xstate.done.actor.save--> discountCodes.ready.idle []',
    'discountCodes.ready.saving --xstate.error.actor.save--> discountCodes.ready.idle []',
  ]));
