import { expect, it } from 'vitest';
import { waitlistJoinMachine } from '../../machines/waitlistJoin.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('waitlistJoinMachine has the states and transitions of its flow', () =>
  expect(machineShape(waitlistJoinMachine)).toEqual([
    'state waitlistJoin.loading invokes loadEntry:loadEntry',
    'state waitlistJoin.routing always --> waitlistJoin.waiting [isWaiting] | --> waitlistJoin.offered [isOffered] | --> waitlistJoin.idle [isOpen] | --> waitlistJoin.closed []',
    'state waitlistJoin.loadFailed',
    'state waitlistJoin.idle',
    'state waitlistJoin.joining invokes join:join',
    'state waitlistJoin.waiting',
    'state waitlistJoin.offered',
    'state waitlistJoin.closed',
    'state waitlistJoin.leaving invokes leave:leave',
    'waitlistJoin.idle --join.submit--> waitlistJoin.joining []',
    'waitlistJoin.idle --quantity.change--> (self) [inline]',
    'waitlistJoin.joining --xstate.done.actor.join--> waitlistJoin.routing []',
    'waitlistJoin.joining --xstate.error.actor.join--> waitlistJoin.idle []',
    'waitlistJoin.leaving --xstate.done.actor.leave--> waitlistJoin.routing []',
    'waitlistJoin.leaving --xstate.error.actor.leave--> waitlistJoin.routing []',
    'waitlistJoin.loadFailed --load.retry--> waitlistJoin.loading []',
    'waitlistJoin.loading --xstate.done.actor.loadEntry--> waitlistJoin.routing []',
    'waitlistJoin.loading --xstate.error.actor.loadEntry--> waitlistJoin.loadFailed []',
    'waitlistJoin.offered --leave--> waitlistJoin.leaving []',
    'waitlistJoin.waiting --leave--> waitlistJoin.leaving []',
  ]));
