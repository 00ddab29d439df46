import { expect, it } from 'vitest';
import { eventTeamMachine } from '../../machines/eventTeam.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('eventTeamMachine has the states and transitions of its flow', () =>
  expect(machineShape(eventTeamMachine)).toEqual([
    'state eventTeam.loading invokes load:load',
    'state eventTeam.failed',
    'state eventTeam.ready (compound)',
    'state eventTeam.ready.idle',
    'state eventTeam.ready.inviting invokes invite:invite',
    'state eventTeam.ready.removing invokes remove:remove',
    'eventTeam.failed --retry--> eventTeam.loading []',
    'eventTeam.loading --xstate.done.actor.load--> eventTeam.ready []',
    'eventTeam.loading --xstate.error.actor.load--> eventTeam.failed []',
    'eventTeam.ready.idle --field.change--> (self) []',
    'eventTeam.ready.idle --form.submit--> (self) []',
    'eventTeam.ready.idle --form.submit--> eventTeam.ready.inviting [valid]',
    'eventTeam.ready.idle --remove--> eventTeam.ready.removing []',
    'eventTeam.ready.inviting --xstate.done.actor.invite--> eventTeam.ready.idle []',
    'eventTeam.ready.inviting --xstate.error.actor.invite--> eventTeam.ready.idle []',
    'eventTeam.ready.removing --xstate.done.actor.remove--> eventTeam.ready.idle []',
    'eventTeam.ready.removing --xstate.error.actor.remove--> eventTeam.ready.idle []',
  ]));
