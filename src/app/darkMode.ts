import { createActor } from 'xstate';
import { darkModeMachine } from '../../machines/darkMode.machine';
import { readDarkMode, writeDarkMode } from './storage';

/** The app-wide dark-mode actor: the machine decides, these actions touch the DOM and storage. */
export function startDarkMode() {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const actor = createActor(
    darkModeMachine.provide({
      actions: {
        applyTheme: (_, { dark }) => {
          document.body.classList.toggle('dark', dark);
          document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
        },
        persist: (_, { dark }) => writeDarkMode(dark),
      },
    }),
    { input: { stored: readDarkMode(), systemPrefersDark: media.matches } },
  );
  media.addEventListener('change', (e) => actor.send({ type: 'system.changed', prefersDark: e.matches }));
  return actor.start();
}

export type DarkModeActor = ReturnType<typeof startDarkMode>;
