import { expect, it } from 'vitest';
import { eventQuestionsMachine } from '../../machines/eventQuestions.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('eventQuestionsMachine has the states and transitions of its flow', () =>
  expect(machineShape(eventQuestionsMachine)).toEqual([
    'state eventQuestions.loading invokes load:load',
    'state eventQuestions.failed',
    'state eventQuestions.ready (compound)',
    'state eventQuestions.ready.idle',
    'state eventQuestions.ready.saving invokes save:save',
    'state eventQuestions.ready.deleting invokes remove:remove',
    'state eventQuestions.ready.moving invokes reorder:reorder',
    'eventQuestions.failed --retry--> eventQuestions.loading []',
    'eventQuestions.loading --xstate.done.actor.load--> eventQuestions.ready []',
    'eventQuestions.loading --xstate.error.actor.load--> eventQuestions.failed []',
    'eventQuestions.ready.deleting --xstate.done.actor.remove--> eventQuestions.ready.idle []',
    'eventQuestions.ready.deleting --xstate.error.actor.remove--> eventQuestions.ready.idle []',
    'eventQuestions.ready.idle --delete--> eventQuestions.ready.deleting [known]',
    'eventQuestions.ready.idle --edit.cancel--> (self) []',
    'eventQuestions.ready.idle --edit.start--> (self) [known]',
    'eventQuestions.ready.idle --field.change--> (self) []',
    'eventQuestions.ready.idle --form.submit--> (self) []',
    'eventQuestions.ready.idle --form.submit--> eventQuestions.ready.saving [valid]',
    'eventQuestions.ready.idle --move--> eventQuestions.ready.moving [known]',
    'eventQuestions.ready.moving --xstate.done.actor.reorder--> eventQuestions.ready.idle []',
    'eventQuestions.ready.moving --xstate.error.actor.reorder--> eventQuestions.ready.idle []',
    'eventQuestions.ready.saving --xstate.done.actor.save--> eventQuestions.ready.idle []',
    'eventQuestions.ready.saving --xstate.error.actor.save--> eventQuestions.ready.idle []',
  ]));
