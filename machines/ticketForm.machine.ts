import { and, assign, fromPromise, raise, setup } from 'xstate';
import type { CreateTicketRequest, OrganiserTicket } from '../contract/tickets';
import { editField, hasErrors, messageOr, refusedSubmit, validate } from './lib/form';
import {
  type BanksAnswer,
  initialContext,
  type SavedPayout,
  type TicketFormContext,
  type TicketFormEvent,
  type TicketFormInput,
} from './ticketForm/context';
import { rules, ticketRequest } from './ticketForm/values';

// The form's pieces live beside it (ticketForm/); its importers keep reading them from here.
export type {
  BankOption,
  PaymentMode,
  SavedPayout,
  TicketFormEvent,
  TicketFormInput,
} from './ticketForm/context';
export {
  emptyTicket,
  type TicketField,
  type TicketKind,
  type TicketValues,
  ticketErrors,
  ticketRequest,
  valuesFromTicket,
} from './ticketForm/values';

/**
 * A free or paid ticket form of the ticket step and the management Tickets tab (decision 011).
 * Two regions run side by side: the form (editing → [saving the payout account] → saving → [image
 * upload] → saved) and, for a paid ticket, the payout account: the event owner's saved one when there
 * is one (read-only for a co-organiser), else, for the owner, the bank list from the server, a
 * 10-digit account number whose name the server resolves and the form shows read-only, and the
 * password. The ticket itself never carries payout fields (decision 053): an entered account is saved
 * first through the payout settings (`savePayout`, which asks for the password), reported to the page
 * (`payoutSaved`, so the next ticket form knows it) and then the ticket is saved.
 */
export const ticketFormMachine = setup({
  types: {
    input: {} as TicketFormInput,
    context: {} as TicketFormContext,
    events: {} as TicketFormEvent,
  },
  actors: {
    // POST /api/tickets/create (ticketId null) or PUT /api/tickets/:ticketId.
    saveTicket: fromPromise<OrganiserTicket, { ticketId: string | null; body: CreateTicketRequest }>(
      async () => {
        throw new Error('saveTicket actor not provided');
      },
    ),
    uploadTicketImage: fromPromise<OrganiserTicket, { ticketId: string; file: unknown }>(async () => {
      throw new Error('uploadTicketImage actor not provided');
    }),
    loadBanks: fromPromise<BanksAnswer>(async () => {
      throw new Error('loadBanks actor not provided');
    }),
    // PUT /api/payments/payout-account: the owner's payout settings, with the password.
    savePayout: fromPromise<SavedPayout, { bank: string; accountNumber: string; password: string }>(
      async () => {
        throw new Error('savePayout actor not provided');
      },
    ),
    resolveAccount: fromPromise<{ accountName: string }, { bankCode: string; accountNumber: string }>(
      async () => {
        throw new Error('resolveAccount actor not provided');
      },
    ),
  },
  actions: {
    notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {},
    ticketSaved: (_, _params: { ticket: OrganiserTicket }) => {},
    payoutSaved: (_, _params: { payout: SavedPayout }) => {},
  },
  guards: {
    isFree: ({ context }) => context.kind === 'free',
    hasSavedPayout: ({ context }) => context.savedPayout !== null,
    payoutYours: ({ context }) => context.payoutYours,
    // `context.kind === 'paid'` made `true` survives, equivalent: a free ticket's payout region never leaves notNeeded, so its payoutSource is never 'entered' (other mutants of the line are killed, so no disable comment).
    payoutEntered: ({ context }) => context.kind === 'paid' && context.payoutSource === 'entered',
    passwordMissing: ({ context }) => context.password === '',
    valid: ({ context }) => !hasErrors(validate(rules(context), context.values)),
    payoutReady: ({ context }) => context.kind === 'free' || context.payoutSource !== null,
    hasImage: ({ context }) => context.image !== null,
    banksAvailable: ({ event }) => 'output' in event && (event.output as BanksAnswer).available,
    editable: ({ context }) => !context.busy,
    // The regex's `^` or `$` removed survive, equivalent: accountNumber.change keeps only digits, at most 10 (the line's other mutants are killed).
    lookupReady: ({ context }) => context.bankCode !== '' && /^\d{10}$/.test(context.accountNumber),
  },
}).createMachine({
  id: 'ticketForm',
  type: 'parallel',
  context: initialContext,
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': {
              actions: assign(({ context, event }) => ({
                ...editField(rules(context), context, event.name, event.value),
                formError: null,
              })),
            },
            'image.select': {
              actions: assign(({ event }) => ({ image: { file: event.file, previewUrl: event.previewUrl } })),
            },
            'image.clear': { actions: assign({ image: null }) },
            'form.submit': [
              {
                guard: { type: 'valid' },
                target: 'checkingPayout',
                actions: assign({ errors: {}, formError: null, submitted: true }),
              },
              { actions: assign(({ context }) => refusedSubmit(rules(context), context.values)) },
            ],
          },
        },
        checkingPayout: {
          always: [
            {
              guard: and(['payoutEntered', 'passwordMissing']),
              target: 'editing',
              actions: assign({ formError: 'Enter your password to confirm the payout account.' }),
            },
            { guard: 'payoutEntered', target: 'savingPayout' },
            { guard: 'payoutReady', target: 'saving' },
            {
              target: 'editing',
              actions: assign(({ context }) => ({
                formError:
                  context.payoutMessage ??
                  'A paid ticket needs a payout account: choose your bank and enter your 10-digit account number.',
              })),
            },
          ],
        },
        savingPayout: {
          entry: assign({ busy: true }),
          exit: assign({ busy: false }),
          invoke: {
            id: 'savePayout',
            src: 'savePayout',
            input: ({ context }) => ({
              bank: context.bankCode,
              accountNumber: context.accountNumber,
              password: context.password,
            }),
            onDone: {
              target: 'saving',
              actions: [
                assign(({ event }) => ({ savedPayout: event.output, password: '' })),
                { type: 'payoutSaved', params: ({ event }) => ({ payout: event.output }) },
                raise({ type: 'payout.saved' }),
              ],
            },
            onError: {
              target: 'editing',
              actions: assign(({ event }) => ({
                formError: messageOr(event.error, 'The payout account could not be saved. Please try again.'),
                password: '',
              })),
            },
          },
        },
        saving: {
          entry: assign({ busy: true }),
          exit: assign({ busy: false }),
          invoke: {
            id: 'saveTicket',
            src: 'saveTicket',
            input: ({ context }) => ({
              ticketId: context.ticketId,
              body: ticketRequest(context.eventId, context.kind, context.values, null),
            }),
            onDone: [
              {
                guard: 'hasImage',
                target: 'uploadingImage',
                actions: assign(({ event }) => ({ ticketId: event.output._id })),
              },
              {
                target: 'saved',
                actions: [
                  {
                    type: 'notify',
                    params: ({ context }) => ({
                      tone: 'success' as const,
                      text: context.isEdit ? 'Ticket updated successfully!' : 'Ticket created successfully!',
                    }),
                  },
                  { type: 'ticketSaved', params: ({ event }) => ({ ticket: event.output }) },
                ],
              },
            ],
            onError: {
              target: 'editing',
              actions: {
                type: 'notify',
                params: ({ context, event }) => ({
                  tone: 'error' as const,
                  text: `${context.isEdit ? 'Error updating ticket!' : 'Error creating ticket!'} ${messageOr(event.error, '')}`.trim(),
                }),
              },
            },
          },
        },
        uploadingImage: {
          entry: assign({ busy: true }),
          exit: assign({ busy: false }),
          invoke: {
            id: 'uploadTicketImage',
            src: 'uploadTicketImage',
            // Stryker disable next-line StringLiteral,OptionalChaining: the save that led here set ticketId, and its guard (hasImage) required the image
            input: ({ context }) => ({ ticketId: context.ticketId ?? '', file: context.image?.file }),
            onDone: {
              target: 'saved',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    tone: 'success' as const,
                    text: context.isEdit ? 'Ticket updated successfully!' : 'Ticket created successfully!',
                  }),
                },
                { type: 'ticketSaved', params: ({ event }) => ({ ticket: event.output }) },
              ],
            },
            onError: {
              // The ticket type exists; only its picture failed. Say so and carry on without it.
              target: 'editing',
              actions: {
                type: 'notify',
                params: ({ event }) => ({
                  tone: 'error' as const,
                  text: `The ticket was saved but its image was not: ${messageOr(event.error, 'Failed to upload image.')}`,
                }),
              },
            },
          },
        },
        saved: { type: 'final', entry: assign({ busy: true }) },
      },
    },
    payout: {
      initial: 'choosing',
      states: {
        choosing: {
          always: [
            { guard: 'isFree', target: 'notNeeded' },
            { guard: 'hasSavedPayout', target: 'saved' },
            { guard: 'payoutYours', target: 'loadingBanks' },
            { target: 'ownerMissing' },
          ],
        },
        notNeeded: {},
        // A co-organiser's form when the owner has no payout account: nothing to enter here.
        ownerMissing: {
          entry: assign({
            payoutMessage:
              "Paid tickets need the event owner's payout account. Ask the owner to add one under Payouts, or add a free ticket.",
          }),
        },
        saved: {
          entry: assign({ payoutSource: 'saved' }),
          exit: assign({ payoutSource: null }),
          on: {
            'payout.change': {
              guard: and(['editable', 'payoutYours']),
              target: 'loadingBanks',
              // A name resolved earlier is looked up again, not shown as if it still applied.
              actions: assign({ accountName: null, payoutMessage: null }),
            },
          },
        },
        loadingBanks: {
          invoke: {
            id: 'loadBanks',
            src: 'loadBanks',
            onDone: [
              {
                guard: 'banksAvailable',
                target: 'entry',
                actions: assign(({ event }) => ({ banks: event.output.banks, mode: event.output.mode })),
              },
              {
                target: 'banksFailed',
                actions: assign(({ event }) => ({ banks: [], mode: event.output.mode })),
              },
            ],
            onError: { target: 'banksFailed', actions: assign({ banks: [] }) },
          },
        },
        banksFailed: {
          on: {
            'banks.retry': { guard: 'editable', target: 'loadingBanks' },
            'payout.keep': { guard: and(['editable', 'hasSavedPayout']), target: 'saved' },
          },
        },
        entry: {
          initial: 'checking',
          on: {
            'bank.select': {
              guard: 'editable',
              target: '.checking',
              actions: assign(({ event }) => ({
                bankCode: event.code,
                accountName: null,
                payoutMessage: null,
              })),
            },
            'accountNumber.change': {
              guard: 'editable',
              target: '.checking',
              actions: assign(({ event }) => ({
                accountNumber: event.value.replace(/\D/g, '').slice(0, 10),
                accountName: null,
                payoutMessage: null,
              })),
            },
            'password.change': {
              guard: 'editable',
              actions: assign(({ event }) => ({ password: event.value, formError: null })),
            },
            'payout.keep': { guard: and(['editable', 'hasSavedPayout']), target: 'saved' },
            // The entered account was saved through the payout settings: it is now the saved one.
            'payout.saved': { guard: 'hasSavedPayout', target: 'saved' },
          },
          states: {
            // The look-up runs only with a bank chosen and exactly 10 digits.
            checking: {
              always: [{ guard: 'lookupReady', target: 'resolving' }, { target: 'incomplete' }],
            },
            incomplete: {},
            resolving: {
              invoke: {
                id: 'resolveAccount',
                src: 'resolveAccount',
                input: ({ context }) => ({
                  bankCode: context.bankCode,
                  accountNumber: context.accountNumber,
                }),
                onDone: {
                  target: 'resolved',
                  actions: assign(({ event }) => ({
                    accountName: event.output.accountName,
                    payoutMessage: null,
                  })),
                },
                onError: {
                  target: 'unresolved',
                  actions: assign(({ event }) => ({
                    accountName: null,
                    payoutMessage: messageOr(
                      event.error,
                      'This account number could not be verified with the bank. Check it and try again.',
                    ),
                  })),
                },
              },
            },
            resolved: {
              entry: assign({ payoutSource: 'entered' }),
              exit: assign({ payoutSource: null }),
            },
            unresolved: {},
          },
        },
      },
    },
  },
});
