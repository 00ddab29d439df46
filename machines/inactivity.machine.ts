import { assign, setup } from 'xstate';

export const INACTIVITY_CHECK_MS = 60_000;
export const DEFAULT_INACTIVITY_MINUTES = 5;

/**
 * Inactivity sign-out: no mouse press or key press for the configured minutes
 * (5 by default; 10 or 15 from the account's Timeouts setting), checked every 60 s. Time is read
 * from the wall clock at each check, so a laptop that slept through the checks still signs out
 * at the first one after waking. Reaching `timedOut` ends the machine; its parent clears the session.
 */
export const inactivityMachine = setup({
  types: {
    input: {} as { minutes?: number; lastActivityAt?: number },
    context: {} as { timeoutMs: number; lastActivityAt: number },
    events: {} as { type: 'user.activity' } | { type: 'timeout.change'; minutes: number },
  },
  delays: { check: INACTIVITY_CHECK_MS },
  guards: {
    idleTooLong: ({ context }) => Date.now() - context.lastActivityAt > context.timeoutMs,
  },
}).createMachine({
  id: 'inactivity',
  context: ({ input }) => ({
    timeoutMs: (input.minutes ?? DEFAULT_INACTIVITY_MINUTES) * 60_000,
    lastActivityAt: input.lastActivityAt ?? Date.now(),
  }),
  initial: 'watching',
  states: {
    watching: {
      on: {
        'user.activity': { actions: assign({ lastActivityAt: () => Date.now() }) },
        'timeout.change': { actions: assign({ timeoutMs: ({ event }) => event.minutes * 60_000 }) },
      },
      after: {
        check: [
          { guard: 'idleTooLong', target: 'timedOut' },
          { target: 'watching', reenter: true },
        ],
      },
    },
    timedOut: { type: 'final' },
  },
});
