import { expect, it } from 'vitest';
import { newsletterMachine } from '../../machines/newsletter.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('newsletterMachine has the states and transitions of its flow', () =>
  expect(machineShape(newsletterMachine)).toEqual([
    'state newsletter.idle',
    'state newsletter.subscribing invokes subscribe:subscribe',
    'newsletter.idle --field.change--> (self) []',
    'newsletter.idle --form.submit--> (self) []',
    'newsletter.idle --form.submit--> newsletter.subscribing [isValid]',
    'newsletter.subscribing --xstate.done.actor.subscribe--> newsletter.idle []',
    'newsletter.subscribing --xstate.error.actor.subscribe--> newsletter.idle []',
  ]));
