import { expect, it } from 'vitest';
import { checkinLinksMachine } from '../../machines/checkinLinks.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('checkinLinksMachine has the states and transitions of its flow', () =>
  expect(machineShape(checkinLinksMachine)).toEqual([
    'state checkinLinks.loading invokes load:load',
    'state checkinLinks.failed',
    'state checkinLinks.ready (compound)',
    'state checkinLinks.ready.idle',
    'state checkinLinks.ready.refreshing invokes load:load',
    'state checkinLinks.ready.creating invokes create:create',
    'state checkinLinks.ready.revoking invokes revoke:revoke',
    'checkinLinks.failed --retry--> checkinLinks.loading []',
    'checkinLinks.failed --xstate.after.refreshInterval.checkinLinks.failed--> checkinLinks.loading []',
    'checkinLinks.loading --xstate.done.actor.load--> checkinLinks.ready []',
    'checkinLinks.loading --xstate.error.actor.load--> checkinLinks.failed []',
    'checkinLinks.ready --create--> (self) []',
    'checkinLinks.ready --create--> checkinLinks.ready.creating [labelValid]',
    'checkinLinks.ready --created.dismiss--> (self) []',
    'checkinLinks.ready --label.change--> (self) []',
    'checkinLinks.ready --refresh--> checkinLinks.ready.refreshing []',
    'checkinLinks.ready --revoke--> checkinLinks.ready.revoking []',
    'checkinLinks.ready --sell.toggle--> (self) []',
    'checkinLinks.ready --type.toggle--> (self) []',
    'checkinLinks.ready.creating --create--> (self) []',
    'checkinLinks.ready.creating --label.change--> (self) []',
    'checkinLinks.ready.creating --refresh--> (self) []',
    'checkinLinks.ready.creating --revoke--> (self) []',
    'checkinLinks.ready.creating --sell.toggle--> (self) []',
    'checkinLinks.ready.creating --type.toggle--> (self) []',
    'checkinLinks.ready.creating --xstate.done.actor.create--> checkinLinks.ready.refreshing []',
    'checkinLinks.ready.creating --xstate.error.actor.create--> checkinLinks.ready.idle []',
    'checkinLinks.ready.idle --xstate.after.refreshInterval.checkinLinks.ready.idle--> checkinLinks.ready.refreshing []',
    'checkinLinks.ready.refreshing --refresh--> (self) []',
    'checkinLinks.ready.refreshing --xstate.done.actor.load--> checkinLinks.ready.idle []',
    'checkinLinks.ready.refreshing --xstate.error.actor.load--> checkinLinks.ready.idle []',
    'checkinLinks.ready.revoking --create--> (self) []',
    'checkinLinks.ready.revoking --refresh--> (self) []',
    'checkinLinks.ready.revoking --revoke--> (self) []',
    'checkinLinks.ready.revoking --xstate.done.actor.revoke--> checkinLinks.ready.idle []',
    'checkinLinks.ready.revoking --xstate.error.actor.revoke--> checkinLinks.ready.idle []',
  ]));
