import { expect, it } from 'vitest';
import { darkModeMachine } from '../../machines/darkMode.machine';
import { machineShape } from '../helpers/machineShape';

// The flow's graph, spelled out (decision 054): the generated paths walk whatever graph the machine
// has, so a transition that went missing or changed its target or guard, an invocation that moved,
// or a state that stopped being final is noticed only by a list that does not come from the machine.
// Changing the flow means changing this list on purpose.
it('darkModeMachine has the states and transitions of its flow', () =>
  expect(machineShape(darkModeMachine)).toEqual([
    'state darkMode.resolving always --> darkMode.dark [startsDark] | --> darkMode.light []',
    'state darkMode.light',
    'state darkMode.dark',
    'darkMode.dark --system.changed--> darkMode.light [followsSystemToLight]',
    'darkMode.dark --theme.toggle--> darkMode.light []',
    'darkMode.light --system.changed--> darkMode.dark [followsSystemToDark]',
    'darkMode.light --theme.toggle--> darkMode.dark []',
  ]));
