import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { type DarkModeInput, darkModeMachine } from '../../machines/darkMode.machine';

/** A fake page: what the machine's actions did to <body> and to localStorage. */
function fakePage(input: DarkModeInput) {
  const page = { bodyDark: null as boolean | null, stored: input.stored };
  const machine = darkModeMachine.provide({
    actions: {
      applyTheme: (_, { dark }) => {
        page.bodyDark = dark;
      },
      persist: (_, { dark }) => {
        page.stored = String(dark);
      },
    },
  });
  return { page, machine };
}

const inputs: DarkModeInput[] = [
  { stored: null, systemPrefersDark: false },
  { stored: null, systemPrefersDark: true },
  { stored: 'true', systemPrefersDark: false },
  { stored: 'false', systemPrefersDark: true },
  { stored: 'garbage', systemPrefersDark: true },
];

function expectedStart(input: DarkModeInput): 'dark' | 'light' {
  if (input.stored === 'true') return 'dark';
  if (input.stored === 'false') return 'light';
  return input.systemPrefersDark ? 'dark' : 'light';
}

describe.each(inputs)('dark mode starting from stored=$stored, system dark=$systemPrefersDark', (input) => {
  const model = createTestModel(darkModeMachine, {
    input,
    events: [
      { type: 'theme.toggle' },
      { type: 'system.changed', prefersDark: true },
      { type: 'system.changed', prefersDark: false },
    ],
    // State plus whether the visitor has chosen: the only context that changes behaviour.
    serializeState: (s) => `${JSON.stringify(s.value)}|${s.context.chosen}`,
  });

  const paths = model.getSimplePaths();

  it('starts in the theme the stored choice or the system asks for', () => {
    const { page, machine } = fakePage(input);
    const actor = createActor(machine, { input }).start();
    expect(actor.getSnapshot().value).toBe(expectedStart(input));
    expect(page.bodyDark).toBe(expectedStart(input) === 'dark');
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const { page, machine } = fakePage(input);
    const actor = createActor(machine, { input }).start();
    let chosen = input.stored === 'true' || input.stored === 'false';
    let toggled = false;
    await path.test({
      states: {
        light: (snapshot) => {
          expect(actor.getSnapshot().value).toBe(snapshot.value);
          expect(page.bodyDark).toBe(false);
          if (toggled) expect(page.stored).toBe('false');
        },
        dark: (snapshot) => {
          expect(actor.getSnapshot().value).toBe(snapshot.value);
          expect(page.bodyDark).toBe(true);
          if (toggled) expect(page.stored).toBe('true');
        },
      },
      events: {
        'theme.toggle': () => {
          const before = actor.getSnapshot().value;
          actor.send({ type: 'theme.toggle' });
          chosen = true;
          toggled = true;
          // Toggling flips the theme and saves the new value as 'true'/'false'.
          expect(actor.getSnapshot().value).not.toBe(before);
          expect(page.stored).toBe(String(actor.getSnapshot().value === 'dark'));
        },
        'system.changed': ({ event: stepEvent }) => {
          // The executor's type drops the payload; the step's event carries it.
          const event = stepEvent as { type: 'system.changed'; prefersDark: boolean };
          const before = actor.getSnapshot().value;
          const storedBefore = page.stored;
          actor.send(event);
          if (chosen) {
            // Once the visitor has chosen, the system preference no longer changes anything.
            expect(actor.getSnapshot().value).toBe(before);
          } else {
            expect(actor.getSnapshot().value).toBe(event.prefersDark ? 'dark' : 'light');
          }
          // Following the system is never saved as a choice.
          expect(page.stored).toBe(storedBefore);
        },
      },
    });
  });
});

// A simple path never comes back to a state it passed, so 'toggle, then the system changes back'
// is checked here: once chosen, the visitor's theme stays, whichever way the system goes.
it.each([
  { stored: null, systemPrefersDark: false },
  { stored: null, systemPrefersDark: true },
])('a theme chosen by the visitor outlives system changes (start %j)', (input) => {
  const { page, machine } = fakePage(input);
  const actor = createActor(machine, { input }).start();
  actor.send({ type: 'theme.toggle' });
  const chosen = actor.getSnapshot().value;
  expect(page.stored).toBe(String(chosen === 'dark'));
  for (const prefersDark of [true, false, true, false]) {
    actor.send({ type: 'system.changed', prefersDark });
    expect(actor.getSnapshot().value).toBe(chosen);
  }
  expect(page.bodyDark).toBe(chosen === 'dark');
  actor.stop();
});

describe('dark mode model coverage', () => {
  it('covers every state and every transition of the machine', () => {
    const seenStates = new Set<string>();
    const seenTransitions = new Set<string>();
    for (const input of inputs) {
      const model = createTestModel(darkModeMachine, {
        input,
        events: [
          { type: 'theme.toggle' },
          { type: 'system.changed', prefersDark: true },
          { type: 'system.changed', prefersDark: false },
        ],
        serializeState: (s) => `${JSON.stringify(s.value)}|${s.context.chosen}`,
      });
      for (const path of model.getSimplePaths()) {
        for (const step of path.steps) {
          seenStates.add(String(step.state.value));
          if ((step.event.type as string) !== 'xstate.init')
            seenTransitions.add(`${step.event.type}->${String(step.state.value)}`);
        }
      }
    }
    expect([...seenStates].sort()).toEqual(['dark', 'light']);
    expect([...seenTransitions].sort()).toEqual([
      'system.changed->dark',
      'system.changed->light',
      'theme.toggle->dark',
      'theme.toggle->light',
    ]);
  });
});
