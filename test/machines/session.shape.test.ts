import { expect, it } from 'vitest';
import { sessionMachine } from '../../machines/session.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('sessionMachine has the states and transitions of its flow', () =>
  expect(machineShape(sessionMachine)).toEqual([
    'state session.restoring always --> session.authenticated [hasTokenAndUser] | --> session.fetchingUser [hasToken] | --> session.anonymous []',
    'state session.fetchingUser invokes fetchMe:fetchMe',
    'state session.anonymous',
    'state session.authenticated invokes inactivity:inactivity',
    'state session.loggingOut invokes logout:logout',
    'session --session.sync--> session.restoring []',
    'session.anonymous --session.login--> session.authenticated []',
    'session.authenticated --session.expire--> session.anonymous []',
    'session.authenticated --session.login--> session.authenticated []',
    'session.authenticated --session.logout--> session.loggingOut []',
    'session.authenticated --session.revoked--> session.anonymous []',
    'session.authenticated --user.activity--> (self) []',
    'session.authenticated --user.stay--> (self) []',
    'session.authenticated --user.update--> (self) []',
    'session.authenticated --xstate.done.actor.inactivity--> session.anonymous []',
    'session.fetchingUser --session.logout--> session.anonymous []',
    'session.fetchingUser --xstate.done.actor.fetchMe--> session.authenticated []',
    'session.fetchingUser --xstate.error.actor.fetchMe--> session.anonymous []',
    'session.loggingOut --xstate.done.actor.logout--> session.anonymous []',
    'session.loggingOut --xstate.error.actor.logout--> session.anonymous []',
  ]));
