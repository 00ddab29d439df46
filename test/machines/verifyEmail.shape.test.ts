import { expect, it } from 'vitest';
import { verifyEmailMachine } from '../../machines/verifyEmail.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('verifyEmailMachine has the states and transitions of its flow', () =>
  expect(machineShape(verifyEmailMachine)).toEqual([
    'state verifyEmail.checking always --> verifyEmail.verifying [hasToken] | --> verifyEmail.failed []',
    'state verifyEmail.verifying invokes verifyEmail:verifyEmail',
    'state verifyEmail.verified',
    'state verifyEmail.redirected (final)',
    'state verifyEmail.failed (final)',
    'verifyEmail.verified --xstate.after.redirect.verifyEmail.verified--> verifyEmail.redirected []',
    'verifyEmail.verifying --xstate.done.actor.verifyEmail--> verifyEmail.verified []',
    'verifyEmail.verifying --xstate.error.actor.verifyEmail--> verifyEmail.failed []',
  ]));
