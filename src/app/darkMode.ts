import type { DarkModeActorRef } from './darkModeActor';

/**
 * What the page needs of dark mode: whether it is dark, being told when that changes,
 * and the toggle. The dark-mode machine (machines/darkMode.machine.ts, started by
 * ./darkModeActor.ts) decides; it is loaded only when there is something to decide — the first
 * toggle or a change of the system's colour scheme — because until then its state is exactly what
 * theme-init.js already applied before the first paint, by the same rule (stored choice, else the
 * system's). That keeps xstate out of the public pages' first load (decision 018).
 */
export type DarkMode = {
  isDark(): boolean;
  subscribe(onChange: () => void): () => void;
  toggle(): void;
};

export function startDarkMode(): DarkMode {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const listeners = new Set<() => void>();
  let actor: DarkModeActorRef | null = null;
  let loading: Promise<DarkModeActorRef> | null = null;
  const load = () => {
    loading ??= import('./darkModeActor').then(({ startDarkModeActor }) => {
      actor = startDarkModeActor(media.matches);
      actor.subscribe(() => {
        for (const listener of listeners) listener();
      });
      for (const listener of listeners) listener();
      return actor;
    });
    return loading;
  };
  const withActor = (send: (actor: DarkModeActorRef) => void) => {
    if (actor) send(actor);
    else void load().then(send);
  };
  media.addEventListener('change', (e) =>
    withActor((a) => a.send({ type: 'system.changed', prefersDark: e.matches })),
  );
  return {
    isDark: () => (actor ? actor.getSnapshot().matches('dark') : document.body.classList.contains('dark')),
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    toggle: () => withActor((a) => a.send({ type: 'theme.toggle' })),
  };
}

/** On the server the visitor's theme is unknown: light, and theme-init.js fixes the colours. */
export const serverDarkMode: DarkMode = {
  isDark: () => false,
  subscribe: () => () => {},
  toggle: () => {},
};
