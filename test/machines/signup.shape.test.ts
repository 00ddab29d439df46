import { expect, it } from 'vitest';
import { signupMachine } from '../../machines/signup.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('signupMachine has the states and transitions of its flow', () =>
  expect(machineShape(signupMachine)).toEqual([
    'state signup.editing',
    'state signup.submitting invokes register:register',
    'state signup.registered (final)',
    'signup.editing --field.change--> (self) []',
    'signup.editing --form.submit--> (self) []',
    'signup.editing --form.submit--> signup.submitting [valid]',
    'signup.submitting --xstate.done.actor.register--> signup.registered []',
    'signup.submitting --xstate.error.actor.register--> signup.editing []',
  ]));
