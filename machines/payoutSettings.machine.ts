import { assign, fromPromise, setup } from 'xstate';
import { messageOr } from './lib/form';
import type { BankOption, PaymentMode, SavedPayout } from './ticketForm.machine';

/** The saved account as the screen shows it, with when its bank or number last changed (ISO instant). */
export type PayoutOnScreen = SavedPayout & { changedAt: string };
type Loaded = {
  payout: PayoutOnScreen | null;
  mode: PaymentMode;
  banks: BankOption[];
  banksAvailable: boolean;
};

export const PASSWORD_NEEDED = 'Enter your password to confirm the change.';

/**
 * The 'Payouts' section of the account settings (decision 010): the organiser's saved payout account,
 * changed by choosing a bank and a 10-digit number that the server resolves to an account name
 * (shown read-only); Save is possible only once it resolved, and only with the account password
 * (the server checks it; a wrong one comes back as its message and nothing changes).
 */
export const payoutSettingsMachine = setup({
  types: {
    context: {} as Loaded & {
      bankCode: string;
      accountNumber: string;
      accountName: string | null;
      password: string;
      message: string | null;
    },
    events: {} as
      | { type: 'bank.select'; code: string }
      | { type: 'accountNumber.change'; value: string }
      | { type: 'password.change'; value: string }
      | { type: 'form.submit' }
      | { type: 'retry' },
  },
  actors: {
    load: fromPromise<Loaded>(async () => {
      throw new Error('load actor not provided');
    }),
    resolveAccount: fromPromise<{ accountName: string }, { bankCode: string; accountNumber: string }>(
      async () => {
        throw new Error('resolveAccount actor not provided');
      },
    ),
    save: fromPromise<PayoutOnScreen, { bank: string; accountNumber: string; password: string }>(async () => {
      throw new Error('save actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {} },
  guards: {
    lookupReady: ({ context }) => context.bankCode !== '' && /^\d{10}$/.test(context.accountNumber),
    hasPassword: ({ context }) => context.password !== '',
  },
}).createMachine({
  id: 'payoutSettings',
  context: {
    payout: null,
    mode: 'test',
    banks: [],
    banksAvailable: true,
    bankCode: '',
    accountNumber: '',
    accountName: null,
    password: '',
    message: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...event.output })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            message: messageOr(event.error, 'The payout account could not be loaded.'),
          })),
        },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: assign({ message: null }) } } },
    ready: {
      initial: 'incomplete',
      on: {
        'bank.select': {
          target: '.checking',
          actions: assign(({ event }) => ({ bankCode: event.code, accountName: null, message: null })),
        },
        'accountNumber.change': {
          target: '.checking',
          actions: assign(({ event }) => ({
            accountNumber: event.value.replace(/\D/g, '').slice(0, 10),
            accountName: null,
            message: null,
          })),
        },
        'password.change': { actions: assign(({ event }) => ({ password: event.value, message: null })) },
      },
      states: {
        checking: { always: [{ guard: 'lookupReady', target: 'resolving' }, { target: 'incomplete' }] },
        incomplete: {
          on: {
            'form.submit': {
              actions: assign({ message: 'Choose your bank and enter your 10-digit account number.' }),
            },
          },
        },
        resolving: {
          invoke: {
            id: 'resolveAccount',
            src: 'resolveAccount',
            input: ({ context }) => ({ bankCode: context.bankCode, accountNumber: context.accountNumber }),
            onDone: {
              target: 'resolved',
              actions: assign(({ event }) => ({ accountName: event.output.accountName })),
            },
            onError: {
              target: 'unresolved',
              actions: assign(({ event }) => ({
                message: messageOr(event.error, 'This account number could not be verified with the bank.'),
              })),
            },
          },
        },
        resolved: {
          on: {
            'form.submit': [
              { guard: 'hasPassword', target: 'saving' },
              { actions: assign({ message: PASSWORD_NEEDED }) },
            ],
          },
        },
        unresolved: {},
        saving: {
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({
              bank: context.bankCode,
              accountNumber: context.accountNumber,
              password: context.password,
            }),
            onDone: {
              target: 'incomplete',
              actions: [
                assign(({ event }) => ({
                  payout: event.output,
                  bankCode: '',
                  accountNumber: '',
                  accountName: null,
                  password: '',
                })),
                { type: 'notify', params: { tone: 'success', text: 'Payout account saved' } },
              ],
            },
            onError: {
              target: 'resolved',
              actions: assign(({ event }) => ({
                message: messageOr(event.error, 'The payout account was not saved.'),
              })),
            },
          },
        },
      },
    },
  },
});
