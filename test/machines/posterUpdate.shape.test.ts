import { expect, it } from 'vitest';
import { posterUpdateMachine } from '../../machines/posterUpdate.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('posterUpdateMachine has the states and transitions of its flow', () =>
  expect(machineShape(posterUpdateMachine)).toEqual([
    'state posterUpdate.idle',
    'state posterUpdate.uploading invokes uploadImage:uploadImage',
    'posterUpdate.idle --image.reject--> (self) []',
    'posterUpdate.idle --image.select--> (self) []',
    'posterUpdate.idle --image.submit--> (self) []',
    'posterUpdate.idle --image.submit--> posterUpdate.uploading [hasImage]',
    'posterUpdate.uploading --xstate.done.actor.uploadImage--> posterUpdate.idle []',
    'posterUpdate.uploading --xstate.error.actor.uploadImage--> posterUpdate.idle []',
  ]));
