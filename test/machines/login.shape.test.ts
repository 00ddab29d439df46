import { expect, it } from 'vitest';
import { loginMachine } from '../../machines/login.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('loginMachine has the states and transitions of its flow', () =>
  expect(machineShape(loginMachine)).toEqual([
    'state login.editing',
    'state login.submitting invokes login:login',
    'state login.signedIn (final)',
    'state login.unverified (final)',
    'login.editing --field.change--> (self) []',
    'login.editing --form.submit--> (self) []',
    'login.editing --form.submit--> login.submitting [valid]',
    'login.editing --rememberMe.change--> (self) []',
    'login.submitting --xstate.done.actor.login--> login.signedIn []',
    'login.submitting --xstate.error.actor.login--> login.editing []',
    'login.submitting --xstate.error.actor.login--> login.unverified [unverifiedEmail]',
  ]));
