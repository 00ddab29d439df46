import type { AnyStateMachine } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { machineInventory, transitionKey } from '../model/graph';

/**
 * A machine's shape as lines a test can spell out (decision 054): each state (final or not, what it
 * invokes, where it goes at once) and each event transition with its guard. A model test compares it
 * with the shape its flow's decision describes, written in the test: generated paths walk whatever
 * graph the machine has, so a transition that went missing, or a state that stopped being final,
 * is only noticed by an expectation that does not come from the machine.
 */
export function machineShape(machine: AnyStateMachine): string[] {
  const states = getStateNodes(machine.root).map((n) => {
    const parts = [`state ${n.id}`];
    if (n.type !== 'atomic') parts.push(`(${n.type})`);
    const invoked = n.invoke.map((i) => `${i.id}:${typeof i.src === 'string' ? i.src : 'inline'}`);
    if (invoked.length > 0) parts.push(`invokes ${invoked.join(', ')}`);
    if (n.always?.length)
      parts.push(`always ${n.always.map((t) => transitionKey(t).split(' --')[1]).join(' | ')}`);
    return parts.join(' ');
  });
  return [...states, ...machineInventory(machine).transitions];
}
