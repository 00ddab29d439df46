import { createActor } from 'xstate';
import { darkModeMachine } from '../../machines/darkMode.machine';
import { readDarkMode, writeDarkMode } from './storage';

/**
 * The dark-mode actor: the machine decides, these actions touch the DOM and storage. Loaded by
 * ./darkMode.ts the first time it is needed (a toggle, a change of the system's scheme), so that
 * xstate is not part of a public page's first load.
 */
export function startDarkModeActor(systemPrefersDark: boolean) {
  return createActor(
    darkModeMachine.provide({
      actions: {
        applyTheme: (_, { dark }) => {
          document.body.classList.toggle('dark', dark);
          document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
        },
        persist: (_, { dark }) => writeDarkMode(dark),
      },
    }),
    { input: { stored: readDarkMode(), systemPrefersDark } },
  ).start();
}

export type DarkModeActorRef = ReturnType<typeof startDarkModeActor>;
