import { expect, it } from 'vitest';
import { quickCheckoutMachine } from '../../machines/quickCheckout.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('quickCheckoutMachine has the states and transitions of its flow', () =>
  expect(machineShape(quickCheckoutMachine)).toEqual([
    'state quickCheckout.editing',
    'state quickCheckout.submitting invokes submit:submit',
    'state quickCheckout.signedIn (final)',
    'quickCheckout.editing --field.change--> (self) []',
    'quickCheckout.editing --form.submit--> (self) []',
    'quickCheckout.editing --form.submit--> quickCheckout.submitting [valid]',
    'quickCheckout.submitting --xstate.done.actor.submit--> quickCheckout.signedIn []',
    'quickCheckout.submitting --xstate.error.actor.submit--> quickCheckout.editing []',
  ]));
