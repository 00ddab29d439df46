import { expect, it } from 'vitest';
import { eventDatesMachine } from '../../machines/eventDates.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('eventDatesMachine has the states and transitions of its flow', () =>
  expect(machineShape(eventDatesMachine)).toEqual([
    'state eventDates.loading invokes load:load',
    'state eventDates.failed',
    'state eventDates.ready (compound)',
    'state eventDates.ready.idle',
    'state eventDates.ready.adding invokes add:add',
    'state eventDates.ready.removing invokes remove:remove',
    'state eventDates.ready.copying invokes copy:copy',
    'eventDates.failed --retry--> eventDates.loading []',
    'eventDates.loading --xstate.done.actor.load--> eventDates.ready []',
    'eventDates.loading --xstate.error.actor.load--> eventDates.failed []',
    'eventDates.ready.adding --xstate.done.actor.add--> eventDates.ready.idle []',
    'eventDates.ready.adding --xstate.error.actor.add--> eventDates.ready.idle []',
    'eventDates.ready.copying --xstate.done.actor.copy--> eventDates.ready.idle []',
    'eventDates.ready.copying --xstate.error.actor.copy--> eventDates.ready.idle []',
    'eventDates.ready.idle --date.remove--> eventDates.ready.removing []',
    'eventDates.ready.idle --field.change--> (self) []',
    'eventDates.ready.idle --form.submit--> (self) []',
    'eventDates.ready.idle --form.submit--> eventDates.ready.adding [valid]',
    'eventDates.ready.idle --tickets.copy--> eventDates.ready.copying []',
    'eventDates.ready.removing --xstate.done.actor.remove--> eventDates.ready.idle []',
    'eventDates.ready.removing --xstate.error.actor.remove--> eventDates.ready.idle []',
  ]));
