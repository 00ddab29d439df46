import { expect, it } from 'vitest';
import { guestMessageMachine } from '../../machines/guestMessage.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): changing the flow means changing this list on purpose.
it('guestMessageMachine has the states and transitions of its flow', () =>
  expect(machineShape(guestMessageMachine)).toEqual([
    'state guestMessage.loading invokes load:load',
    'state guestMessage.failed',
    'state guestMessage.ready (compound)',
    'state guestMessage.ready.writing',
    'state guestMessage.ready.previewing invokes preview:preview',
    'state guestMessage.ready.previewed',
    'state guestMessage.ready.testing invokes sendTest:sendTest',
    'state guestMessage.ready.sending invokes send:send',
    'state guestMessage.ready.refreshing invokes reload:reload',
    'guestMessage.failed --retry--> guestMessage.loading []',
    'guestMessage.loading --xstate.done.actor.load--> guestMessage.ready []',
    'guestMessage.loading --xstate.error.actor.load--> guestMessage.failed []',
    'guestMessage.ready.previewed --edit--> guestMessage.ready.writing []',
    'guestMessage.ready.previewed --send--> guestMessage.ready.sending []',
    'guestMessage.ready.previewed --test--> guestMessage.ready.testing []',
    'guestMessage.ready.previewing --xstate.done.actor.preview--> guestMessage.ready.previewed []',
    'guestMessage.ready.previewing --xstate.error.actor.preview--> guestMessage.ready.writing []',
    'guestMessage.ready.refreshing --field.change--> (self) []',
    'guestMessage.ready.refreshing --preview--> (self) []',
    'guestMessage.ready.refreshing --preview--> guestMessage.ready.previewing [valid]',
    'guestMessage.ready.refreshing --xstate.done.actor.reload--> guestMessage.ready.writing []',
    'guestMessage.ready.refreshing --xstate.error.actor.reload--> guestMessage.ready.writing []',
    'guestMessage.ready.sending --xstate.done.actor.send--> guestMessage.ready.refreshing []',
    'guestMessage.ready.sending --xstate.error.actor.send--> guestMessage.ready.previewed []',
    'guestMessage.ready.testing --xstate.done.actor.sendTest--> guestMessage.ready.previewed []',
    'guestMessage.ready.testing --xstate.error.actor.sendTest--> guestMessage.ready.previewed []',
    'guestMessage.ready.writing --field.change--> (self) []',
    'guestMessage.ready.writing --preview--> (self) []',
    'guestMessage.ready.writing --preview--> guestMessage.ready.previewing [valid]',
    'guestMessage.ready.writing --refresh--> guestMessage.ready.refreshing []',
  ]));
