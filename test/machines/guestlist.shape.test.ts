import { expect, it } from 'vitest';
import { guestlistMachine } from '../../machines/guestlist.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('guestlistMachine has the states and transitions of its flow', () =>
  expect(machineShape(guestlistMachine)).toEqual([
    'state guestlist.list (compound)',
    'state guestlist.list.idle',
    'state guestlist.list.refreshing invokes load:load',
    'state guestlist.list.hidden',
    'state guestlist.export (compound)',
    'state guestlist.export.idle',
    'state guestlist.export.exporting invokes exportCsv:exportCsv',
    'guestlist.export.exporting --xstate.done.actor.exportCsv--> guestlist.export.idle []',
    'guestlist.export.exporting --xstate.error.actor.exportCsv--> guestlist.export.idle []',
    'guestlist.export.idle --export--> guestlist.export.exporting []',
    'guestlist.list --page.hidden--> guestlist.list.hidden []',
    'guestlist.list.hidden --page.visible--> guestlist.list.refreshing []',
    'guestlist.list.idle --refresh--> guestlist.list.refreshing []',
    'guestlist.list.idle --xstate.after.refreshInterval.guestlist.list.idle--> guestlist.list.refreshing []',
    'guestlist.list.refreshing --xstate.done.actor.load--> guestlist.list.idle []',
    'guestlist.list.refreshing --xstate.error.actor.load--> guestlist.list.idle []',
  ]));
