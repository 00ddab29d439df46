import { assign, fromPromise, setup } from 'xstate';
import { messageOr } from './lib/form';
import type { BankOption, PaymentMode, SavedPayout } from './ticketForm.machine';

type Loaded = { payout: SavedPayout | null; mode: PaymentMode; banks: BankOption[]; banksAvailable: boolean };

/**
 * The 'Payouts' section of the account settings (issue 7): the organiser's saved payout account,
 * changed by choosing a bank and a 10-digit number that the server resolves to an account name
 * (shown read-only); Save is possible only once it resolved.
 */
export const payoutSettingsMachine = setup({
  types: {
    context: {} as Loaded & {
      bankCode: string;
      accountNumber: string;
      accountName: string | null;
      message: string | null;
    },
    events: {} as
      | { type: 'bank.select'; code: string }
      | { type: 'accountNumber.change'; value: string }
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
    save: fromPromise<SavedPayout, { bank: string; accountNumber: string }>(async () => {
      throw new Error('save actor not provided');
    }),
  },
  actions: { notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {} },
  guards: { lookupReady: ({ context }) => context.bankCode !== '' && /^\d{10}$/.test(context.accountNumber) },
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
        resolved: { on: { 'form.submit': 'saving' } },
        unresolved: {},
        saving: {
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({ bank: context.bankCode, accountNumber: context.accountNumber }),
            onDone: {
              target: 'incomplete',
              actions: [
                assign(({ event }) => ({
                  payout: event.output,
                  bankCode: '',
                  accountNumber: '',
                  accountName: null,
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
