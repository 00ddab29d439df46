import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { type TicketFormInput, ticketErrors, ticketFormMachine } from '../../machines/ticketForm.machine';
import {
  expectFullCoverage,
  flowModel,
  httpError,
  networkError,
  rejectingActor,
  resolvingActor,
  runPath,
} from '../helpers/machineModel';
import { draftEvent, ticketType } from './organiserFixtures';

const saved = ticketType();
const banks = [
  { name: 'Access Bank', code: '044' },
  { name: 'Guaranty Trust Bank', code: '058' },
];
const savedPayout = { bankName: 'Access Bank', accountName: 'ADA OBI', accountNumberLast4: '6789' };

const events = [
  { type: 'field.change', name: 'ticketName', value: 'Regular' },
  { type: 'field.change', name: 'ticketName', value: '' },
  { type: 'field.change', name: 'benefits', value: 'Entry and a drink' },
  { type: 'field.change', name: 'availableTickets', value: '150' },
  { type: 'field.change', name: 'ticketPrice', value: '5000' },
  // Tables (decision 067): sold as tables of N; a size out of range is an error like any other field's.
  { type: 'field.change', name: 'unit', value: 'table' },
  { type: 'field.change', name: 'tableSize', value: '60' },
  { type: 'image.select', file: { name: 'vip.png' }, previewUrl: 'blob:vip' },
  { type: 'image.clear' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.saveTicket', output: saved },
  {
    type: 'xstate.error.actor.saveTicket',
    error: httpError(400, 'Enter how many tickets are available (limited stock)'),
  },
  { type: 'xstate.done.actor.uploadTicketImage', output: { ...saved, image: '/api/images/t.webp' } },
  { type: 'xstate.error.actor.uploadTicketImage', error: networkError() },
  { type: 'payout.change' },
  { type: 'payout.keep' },
  { type: 'xstate.done.actor.loadBanks', output: { mode: 'test', banks, available: true, message: null } },
  {
    type: 'xstate.done.actor.loadBanks',
    output: { mode: 'paystack', banks: [], available: false, message: 'down' },
  },
  { type: 'xstate.error.actor.loadBanks', error: networkError() },
  { type: 'banks.retry' },
  { type: 'bank.select', code: '058' },
  { type: 'accountNumber.change', value: '0123456789' },
  { type: 'accountNumber.change', value: '01234' },
  { type: 'xstate.done.actor.resolveAccount', output: { accountName: 'ADA OBI' } },
  {
    type: 'xstate.error.actor.resolveAccount',
    error: httpError(422, 'Could not resolve this account number with the bank.'),
  },
  { type: 'xstate.error.actor.resolveAccount', error: networkError() },
  { type: 'password.change', value: 'Lagos#2026' },
  { type: 'password.change', value: '' },
  { type: 'xstate.done.actor.savePayout', output: savedPayout },
  { type: 'xstate.error.actor.savePayout', error: httpError(400, 'Password is incorrect.') },
];

type Snap = SnapshotFrom<typeof ticketFormMachine>;
/** Per region, what it shows and what changes behaviour. */
const key = (s: Snap) => {
  const c = s.context;
  return [
    Object.keys(ticketErrors(c.eventId, c.kind, c.values)).length === 0,
    c.submitted,
    c.formError,
    c.image?.previewUrl ?? null,
    c.banks.length,
    c.mode,
    c.bankCode,
    c.accountNumber.length,
    c.accountName,
    c.payoutMessage,
    c.payoutSource,
    c.password !== '',
    c.savedPayout !== null,
  ];
};

const vipSaved = ticketType({
  _id: '7a000000-0000-4000-8000-000000000002',
  ticketName: 'VIP',
  ticketType: 'paid',
  ticketPrice: 20_000,
});
const free: TicketFormInput = { eventId: draftEvent._id, kind: 'free', savedPayout: null };
const freeEdit: TicketFormInput = { eventId: draftEvent._id, kind: 'free', savedPayout: null, ticket: saved };
// Paid forms start from a valid ticket type (an edit), so the walk spends its steps on the payout region.
const paidNew: TicketFormInput = {
  eventId: draftEvent._id,
  kind: 'paid',
  savedPayout: null,
  ticket: vipSaved,
};
const paidSaved: TicketFormInput = { eventId: draftEvent._id, kind: 'paid', savedPayout, ticket: vipSaved };
// A co-organiser's form: the owner's account read-only, or none (decision 053).
const coSaved: TicketFormInput = { ...paidSaved, payoutYours: false };
const coMissing: TicketFormInput = { ...paidNew, payoutYours: false };

const formEvents = (e: (typeof events)[number]) =>
  !/payout|bank|accountNumber|resolve|Banks|password/i.test(e.type) &&
  !('name' in e && e.name === 'ticketPrice');
const payoutEvents = (e: (typeof events)[number]) =>
  !/image|Image/.test(e.type) && !('name' in e && e.name !== 'ticketName');
const inputs: Array<[string, TicketFormInput, (e: (typeof events)[number]) => boolean]> = [
  ['a new free ticket', free, formEvents],
  ['an edited free ticket', freeEdit, (e) => formEvents(e) && !('name' in e && e.name !== 'ticketName')],
  // The form's own validity is walked above; here the steps go to the payout account and its saving.
  ['a paid ticket, no payout account yet', paidNew, (e) => payoutEvents(e) && e.type !== 'field.change'],
  [
    'a paid ticket with a saved payout account',
    paidSaved,
    (e) => payoutEvents(e) && !/resolveAccount|password|savePayout/.test(e.type),
  ],
  [
    'a co-organiser, the owner’s account saved',
    coSaved,
    (e) => payoutEvents(e) && !/resolve|Banks|Payout/.test(e.type),
  ],
  [
    'a co-organiser, no owner’s account',
    coMissing,
    (e) => payoutEvents(e) && !/resolve|Banks|Payout/.test(e.type),
  ],
];

const modelPaths = inputs.map(([name, input, keep]) => {
  const own = events.filter(keep);
  return [name, input, flowModel(ticketFormMachine, { events: own, key, input }).getShortestPaths()] as const;
});

beforeEach(() => {
  vi.useFakeTimers();
});

describe.each(modelPaths)('ticket form paths for %s', (_, input, paths) => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const notices: string[] = [];
    const reported: unknown[] = [];
    const payouts: unknown[] = [];
    await runPath(path, {
      machine: ticketFormMachine.provide({
        actions: {
          notify: (_, n) => void notices.push(n.text),
          ticketSaved: (_, p) => void reported.push(p.ticket),
          payoutSaved: (_, p) => void payouts.push(p.payout),
        },
      }),
      input,
      actorNames: ['saveTicket', 'uploadTicketImage', 'loadBanks', 'resolveAccount', 'savePayout'],
      view: key,
      check: (real, _m, calls) => {
        const c = real.context;
        if (real.matches({ form: 'saving' })) {
          const body =
            (calls.saveTicket?.at(-1) as { ticketId: string | null; body: Record<string, unknown> }) ?? null;
          expect(body?.ticketId).toBe(input.ticket?._id ?? null);
          expect(body?.body).toMatchObject({ eventId: draftEvent._id, ticketType: input.kind });
          // A ticket never carries payout fields (decision 053): they went to the payout settings.
          expect(body?.body).not.toHaveProperty('bank');
          expect(body?.body).not.toHaveProperty('accountNumber');
        }
        if (real.matches({ form: 'savingPayout' })) {
          expect(calls.savePayout?.at(-1)).toEqual({
            bank: c.bankCode,
            accountNumber: c.accountNumber,
            password: c.password,
          });
          expect(c.password).not.toBe('');
        }
        // An account saved from the form is reported to the page and becomes the saved one.
        expect(payouts.length).toBeLessThanOrEqual(calls.savePayout?.length ?? 0);
        if (!input.savedPayout) expect(payouts.length > 0).toBe(c.savedPayout !== null);
        // A co-organiser never reaches the bank entry.
        if (input.payoutYours === false) expect(real.matches({ payout: 'entry' })).toBe(false);
        if (real.matches({ payout: { entry: 'resolving' } }))
          expect(calls.resolveAccount?.at(-1)).toEqual({
            bankCode: c.bankCode,
            accountNumber: c.accountNumber,
          });
        // Saved tickets are reported to the page exactly once, when the form finishes.
        expect(reported.length).toBe(real.matches({ form: 'saved' }) ? 1 : 0);
        if (real.matches({ payout: { entry: 'resolved' } })) expect(c.accountName).toBe('ADA OBI');
        if (!real.matches({ payout: { entry: 'resolved' } }) && real.matches({ payout: 'entry' }))
          expect(c.accountName).toBeNull();
      },
    });
  });
});

describe('ticket form coverage and rules', () => {
  const all = modelPaths.flatMap(([, , paths]) => paths);
  it('covers every state and transition', () =>
    expectFullCoverage(ticketFormMachine, all, (prev, next) =>
      prev.matches({ payout: { entry: 'resolved' } }) && next.matches({ payout: 'saved' })
        ? ['ticketForm.payout.entry --payout.saved--> ticketForm.payout.saved [hasSavedPayout]']
        : [],
    ));

  it('refuses limited stock without a quantity and a paid ticket without a price, in the contract’s words', () => {
    const actor = createActor(ticketFormMachine, { input: { ...paidSaved, ticket: null } }).start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toMatchObject({
      ticketName: 'Ticket name is required',
      benefits: 'Benefits is required',
    });
    actor.send({ type: 'field.change', name: 'ticketName', value: 'VIP' });
    actor.send({ type: 'field.change', name: 'benefits', value: 'Front row' });
    expect(actor.getSnapshot().context.errors).toEqual({
      availableTickets: 'Enter how many tickets are available (limited stock)',
      ticketPrice: 'A paid ticket needs a price above ₦0',
    });
    actor.send({ type: 'field.change', name: 'ticketStock', value: 'unlimited' });
    actor.send({ type: 'field.change', name: 'ticketPrice', value: '7500.50' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('blocks saving a paid ticket whose account number did not resolve, with the server’s message', async () => {
    const saves: unknown[] = [];
    const actor = createActor(
      ticketFormMachine.provide({
        actors: {
          loadBanks: resolvingActor({ mode: 'test', banks, available: true, message: null }),
          resolveAccount: rejectingActor(
            httpError(422, 'Could not resolve this account number with the bank.'),
          ),
          saveTicket: fromPromise(async ({ input }) => {
            saves.push(input);
            return saved;
          }),
        },
      }),
      { input: { ...paidNew, ticket: null } },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    for (const [name, value] of [
      ['ticketName', 'VIP'],
      ['benefits', 'Front row'],
      ['availableTickets', '50'],
      ['ticketPrice', '20000'],
    ] as const)
      actor.send({ type: 'field.change', name, value });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.formError).toMatch(/payout account/);
    actor.send({ type: 'bank.select', code: '044' });
    actor.send({ type: 'accountNumber.change', value: '01234 56789' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ payout: { entry: 'unresolved' } })).toBe(true);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.formError).toBe(
      'Could not resolve this account number with the bank.',
    );
    expect(saves).toEqual([]);
  });
});
