import { assign, fromPromise, setup } from 'xstate';
import type { PublicUser } from '../contract/users';
import { messageOr } from './lib/form';

export type TimeoutMinutes = 5 | 10 | 15 | 30;
type Settings = { inactivityMinutes: TimeoutMinutes; concurrentSessions: boolean };
type Change = Partial<Settings>;

const asMinutes = (n: number): TimeoutMinutes => (n === 10 || n === 15 || n === 30 ? n : 5);

/**
 * Session Management in the Account section: the Timeouts select (5, 10, 15, 30 minutes) and the
 * Concurrent sessions switch. Each change is saved on the server at once, so it is remembered on
 * every device; the saved user goes back to the session (`settingsSaved`), which retunes the
 * inactivity timer. A failed save puts the control back and says why.
 */
export const sessionSettingsMachine = setup({
  types: {
    input: {} as { user: PublicUser },
    context: {} as Settings & {
      saved: Settings;
      pending: Change;
      error: string | null;
      notice: string | null;
    },
    events: {} as
      | { type: 'timeout.change'; minutes: TimeoutMinutes }
      | { type: 'concurrent.change'; enabled: boolean },
  },
  actors: {
    updateSettings: fromPromise<{ user: PublicUser }, Change>(async () => {
      throw new Error('updateSettings actor not provided');
    }),
  },
  actions: {
    settingsSaved: (_, _params: { user: PublicUser }) => {},
  },
}).createMachine({
  id: 'sessionSettings',
  context: ({ input }) => {
    const saved = {
      inactivityMinutes: asMinutes(input.user.inactivityMinutes),
      concurrentSessions: input.user.concurrentSessions,
    };
    return { ...saved, saved, pending: {}, error: null, notice: null };
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'timeout.change': {
          target: 'saving',
          actions: assign(({ event }) => ({
            inactivityMinutes: event.minutes,
            pending: { inactivityMinutes: event.minutes },
            error: null,
            notice: null,
          })),
        },
        'concurrent.change': {
          target: 'saving',
          actions: assign(({ event }) => ({
            concurrentSessions: event.enabled,
            pending: { concurrentSessions: event.enabled },
            error: null,
            notice: null,
          })),
        },
      },
    },
    saving: {
      invoke: {
        id: 'updateSettings',
        src: 'updateSettings',
        input: ({ context }) => context.pending,
        onDone: {
          target: 'idle',
          actions: [
            assign(({ event, context }) => {
              const saved = {
                inactivityMinutes: asMinutes(event.output.user.inactivityMinutes),
                concurrentSessions: event.output.user.concurrentSessions,
              };
              const endedOthers = context.pending.concurrentSessions === false;
              return {
                ...saved,
                saved,
                pending: {},
                notice: endedOthers ? 'Your other sessions have been signed out.' : 'Settings saved.',
              };
            }),
            { type: 'settingsSaved', params: ({ event }) => ({ user: event.output.user }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: assign(({ event, context }) => ({
            ...context.saved,
            pending: {},
            error: messageOr(event.error, 'An error occurred.'),
          })),
        },
      },
    },
  },
});
