import { expect, it } from 'vitest';
import { boxOfficeMachine } from '../../machines/boxOffice.machine';
import { machineShape } from '../helpers/machineShape';

// The Sell flow's graph, spelled out (decision 054): changing the flow means changing this list on purpose.
it('boxOfficeMachine has the states and transitions of its flow', () =>
  expect(machineShape(boxOfficeMachine)).toEqual([
    'state boxOffice.starting invokes loadTill:loadTill',
    'state boxOffice.syncing invokes syncTill:syncTill',
    'state boxOffice.ready',
    'state boxOffice.saving invokes saveSale:saveSale',
    'state boxOffice.sold (compound)',
    'state boxOffice.sold.uploading invokes syncTill:syncTill',
    'state boxOffice.sold.uploaded',
    'state boxOffice.sold.queued',
    'state boxOffice.closing invokes closeTill:closeTill',
    'state boxOffice.closed',
    'boxOffice.closed --reopen--> boxOffice.syncing []',
    'boxOffice.closing --xstate.done.actor.closeTill--> boxOffice.closed []',
    'boxOffice.closing --xstate.error.actor.closeTill--> boxOffice.ready []',
    'boxOffice.ready --cart.add--> (self) [canAdd]',
    'boxOffice.ready --cart.remove--> (self) []',
    'boxOffice.ready --close--> boxOffice.closing []',
    'boxOffice.ready --field.change--> (self) []',
    'boxOffice.ready --method.pick--> (self) []',
    'boxOffice.ready --sell--> (self) [beyondAllowance]',
    'boxOffice.ready --sell--> (self) [formInvalid]',
    'boxOffice.ready --sell--> boxOffice.saving []',
    'boxOffice.ready --sync--> boxOffice.syncing []',
    'boxOffice.saving --xstate.done.actor.saveSale--> boxOffice.sold []',
    'boxOffice.saving --xstate.error.actor.saveSale--> boxOffice.ready []',
    'boxOffice.sold --next--> boxOffice.ready []',
    'boxOffice.sold.uploading --xstate.done.actor.syncTill--> boxOffice.sold.uploaded []',
    'boxOffice.sold.uploading --xstate.error.actor.syncTill--> boxOffice.sold.queued []',
    'boxOffice.starting --xstate.done.actor.loadTill--> boxOffice.syncing []',
    'boxOffice.starting --xstate.error.actor.loadTill--> boxOffice.syncing []',
    'boxOffice.syncing --xstate.done.actor.syncTill--> boxOffice.ready []',
    'boxOffice.syncing --xstate.error.actor.syncTill--> boxOffice.ready []',
  ]));
