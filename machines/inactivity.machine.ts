import { assign, emit, setup } from 'xstate';

export const INACTIVITY_CHECK_MS = 60_000;
export const DEFAULT_INACTIVITY_MINUTES = 5;
/** How long before the idle sign-out the "Stay signed in" warning shows (decision 053 §5). */
export const INACTIVITY_WARNING_MS = INACTIVITY_CHECK_MS;

/**
 * Inactivity sign-out: no mouse press or key press for the configured minutes
 * (5 by default; 10 or 15 from the account's Timeouts setting), checked every 60 s. Time is read
 * from the wall clock at each check, so a laptop that slept through the checks still signs out
 * at the first one after waking. A check that finds less than a minute left moves to `warning`
 * (the app shows "You'll be signed out in 60 s — Stay signed in"); a press there, or `stay`, goes
 * back to `watching`. The next check in `warning` signs out if still idle. Reaching `timedOut`
 * ends the machine; its parent ends the session but keeps the tickets on the phone.
 */
export const inactivityMachine = setup({
  types: {
    input: {} as { minutes?: number; lastActivityAt?: number },
    context: {} as { timeoutMs: number; lastActivityAt: number },
    events: {} as { type: 'user.activity' } | { type: 'stay' } | { type: 'timeout.change'; minutes: number },
    emitted: {} as { type: 'warning'; signOutAt: number } | { type: 'warning.cleared' },
  },
  delays: { check: INACTIVITY_CHECK_MS },
  guards: {
    idleTooLong: ({ context }) => Date.now() - context.lastActivityAt > context.timeoutMs,
    // Checks are a minute apart: warn at the last check before the one that signs out.
    nearlyIdleTooLong: ({ context }) =>
      Date.now() - context.lastActivityAt > context.timeoutMs - INACTIVITY_WARNING_MS,
  },
  actions: {
    markActive: assign({ lastActivityAt: () => Date.now() }),
    changeTimeout: assign({
      timeoutMs: (_, params: { minutes: number }) => params.minutes * 60_000,
    }),
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
        'user.activity': { actions: 'markActive' },
        'timeout.change': {
          actions: { type: 'changeTimeout', params: ({ event }) => ({ minutes: event.minutes }) },
        },
      },
      after: {
        check: [
          { guard: 'idleTooLong', target: 'timedOut' },
          { guard: 'nearlyIdleTooLong', target: 'warning' },
          { target: 'watching', reenter: true },
        ],
      },
    },
    warning: {
      // The sign-out comes at the next check, a minute from now.
      entry: emit(() => ({ type: 'warning' as const, signOutAt: Date.now() + INACTIVITY_CHECK_MS })),
      exit: emit({ type: 'warning.cleared' as const }),
      on: {
        'user.activity': { target: 'watching', actions: 'markActive' },
        stay: { target: 'watching', actions: 'markActive' },
        'timeout.change': {
          actions: { type: 'changeTimeout', params: ({ event }) => ({ minutes: event.minutes }) },
        },
      },
      after: {
        check: [
          { guard: 'idleTooLong', target: 'timedOut' },
          { guard: 'nearlyIdleTooLong', target: 'warning', reenter: true },
          { target: 'watching' },
        ],
      },
    },
    timedOut: { type: 'final' },
  },
});
