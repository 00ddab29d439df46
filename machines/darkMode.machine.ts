import { assign, setup } from 'xstate';

export type DarkModeInput = {
  /** The 'dark-mode' value in localStorage: 'true', 'false', or null when never chosen. */
  stored: string | null;
  /** Whether the system asks for a dark colour scheme. */
  systemPrefersDark: boolean;
};

/**
 * Light or dark display mode. Starts from the stored choice, else the system preference.
 * Toggling flips it, applies it to the page (the `dark` class on <body>) and saves 'true'/'false'.
 * A change of the system preference is followed only while the visitor has never chosen.
 */
export const darkModeMachine = setup({
  types: {
    input: {} as DarkModeInput,
    context: {} as { startDark: boolean; chosen: boolean },
    events: {} as { type: 'theme.toggle' } | { type: 'system.changed'; prefersDark: boolean },
  },
  actions: {
    // Both are provided by the app (DOM and localStorage); tests provide recorders.
    applyTheme: (_, _params: { dark: boolean }) => {},
    persist: (_, _params: { dark: boolean }) => {},
    markChosen: assign({ chosen: true }),
  },
  guards: {
    startsDark: ({ context }) => context.startDark,
    followsSystemToDark: ({ context, event }) =>
      !context.chosen && event.type === 'system.changed' && event.prefersDark,
    followsSystemToLight: ({ context, event }) =>
      !context.chosen && event.type === 'system.changed' && !event.prefersDark,
  },
}).createMachine({
  id: 'darkMode',
  context: ({ input }) => {
    const chosen = input.stored === 'true' || input.stored === 'false';
    return { startDark: chosen ? input.stored === 'true' : input.systemPrefersDark, chosen };
  },
  initial: 'resolving',
  states: {
    resolving: {
      always: [{ guard: 'startsDark', target: 'dark' }, { target: 'light' }],
    },
    light: {
      entry: { type: 'applyTheme', params: { dark: false } },
      on: {
        'theme.toggle': {
          target: 'dark',
          actions: ['markChosen', { type: 'persist', params: { dark: true } }],
        },
        'system.changed': { guard: 'followsSystemToDark', target: 'dark' },
      },
    },
    dark: {
      entry: { type: 'applyTheme', params: { dark: true } },
      on: {
        'theme.toggle': {
          target: 'light',
          actions: ['markChosen', { type: 'persist', params: { dark: false } }],
        },
        'system.changed': { guard: 'followsSystemToLight', target: 'light' },
      },
    },
  },
});
