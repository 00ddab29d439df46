import { expect, it } from 'vitest';
import { contactFormMachine } from '../../machines/contactForm.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('contactFormMachine has the states and transitions of its flow', () =>
  expect(machineShape(contactFormMachine)).toEqual([
    'state contactForm.idle',
    'state contactForm.sending invokes sendMessage:sendMessage',
    'contactForm.idle --field.change--> (self) []',
    'contactForm.idle --form.submit--> (self) []',
    'contactForm.idle --form.submit--> contactForm.sending [isValid]',
    'contactForm.sending --xstate.done.actor.sendMessage--> contactForm.idle []',
    'contactForm.sending --xstate.error.actor.sendMessage--> contactForm.idle []',
  ]));
