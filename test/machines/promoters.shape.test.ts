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
    'state promoters.ready.confirmingRemoval',
    'state promoters.ready.removing invokes remove:remove',
    'state promoters.ready.updating invokes update:update',
    'state promoters.ready.creating invokes create:create',
    'promoters.failed --retry--> promoters.loading []',
    'promoters.loading --xstate.done.actor.load--> promoters.ready []',
    'promoters.loading --xstate.error.actor.load--> promoters.failed []',
    'promoters.ready.confirmingRemoval --remove.cancel--> promoters.ready.idle []',
    'promoters.ready.confirmingRemoval --remove.confirm--> promoters.ready.removing []',
    'promoters.ready.creating --xstate.done.actor.create--> promoters.ready.idle []',
    'promoters.ready.creating --xstate.error.actor.create--> promoters.ready.idle []',
    'promoters.ready.idle --edit.cancel--> (self) []',
    'promoters.ready.idle --field.change--> (self) []',
    'promoters.ready.idle --form.submit--> (self) []',
    'promoters.ready.idle --form.submit--> promoters.ready.creating [valid]',
    'promoters.ready.idle --form.submit--> promoters.ready.updating [validChange]',
    'promoters.ready.idle --kind.change--> (self) []',
    'promoters.ready.idle --perType.change--> (self) []',
    'promoters.ready.idle --promoter.edit--> (self) [live]',
    'promoters.ready.idle --promoter.remove--> promoters.ready.confirmingRemoval [live]',
    'promoters.ready.removing --xstate.done.actor.remove--> promoters.ready.idle []',
    'promoters.ready.removing --xstate.error.actor.remove--> promoters.ready.idle []',
    'promoters.ready.updating --xstate.done.actor.update--> promoters.ready.idle []',
    'promoters.ready.updating --xstate.error.actor.update--> promoters.ready.idle []',
  ]));
