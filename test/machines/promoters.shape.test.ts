import { expect, it } from 'vitest';
import { promotersMachine } from '../../machines/promoters.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): a list that does not come from the machine, so a
// transition that went missing or moved is noticed. Changing the flow means changing this on purpose.
it('promotersMachine has the states and transitions of its flow', () =>
  expect(machineShape(promotersMachine)).toEqual([
    'state promoters.loading invokes load:load',
    'state promoters.failed',
    'state promoters.ready (compound)',
    'state promoters.ready.idle',
    'state promoters.ready.creating invokes create:create',
    'promoters.failed --retry--> promoters.loading []',
    'promoters.loading --xstate.done.actor.load--> promoters.ready []',
    'promoters.loading --xstate.error.actor.load--> promoters.failed []',
    'promoters.ready.creating --xstate.done.actor.create--> promoters.ready.idle []',
    'promoters.ready.creating --xstate.error.actor.create--> promoters.ready.idle []',
    'promoters.ready.idle --field.change--> (self) []',
    'promoters.ready.idle --form.submit--> (self) []',
    'promoters.ready.idle --form.submit--> promoters.ready.creating [valid]',
    'promoters.ready.idle --kind.change--> (self) []',
    'promoters.ready.idle --perType.change--> (self) []',
  ]));
