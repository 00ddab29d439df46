import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { PASSWORD_NEEDED, payoutSettingsMachine } from '../../machines/payoutSettings.machine';
import { expectFullCoverage, flowModel, httpError, networkError, runPath } from '../helpers/machineModel';

const banks = [
  { name: 'Access Bank', code: '044' },
  { name: 'Guaranty Trust Bank', code: '058' },
];
const savedPayout = {
  bankName: 'Access Bank',
  accountName: 'ADA OBI',
  accountNumberLast4: '6789',
  changedAt: '2026-11-01T09:00:00.000Z',
};
const newPayout = {
  bankName: 'Guaranty Trust Bank',
  accountName: 'ADA OBI',
  accountNumberLast4: '6789',
  changedAt: '2026-11-24T22:00:00.000Z',
};

const events = [
  {
    type: 'xstate.done.actor.load',
    output: { payout: null, mode: 'test', banks, banksAvailable: true },
  },
  { type: 'xstate.error.actor.load', error: networkError() },
  { type: 'retry' },
  { type: 'bank.select', code: '058' },
  { type: 'accountNumber.change', value: '01234 56789' },
  { type: 'accountNumber.change', value: '01234' },
  { type: 'password.change', value: 'Lagos#2026' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.resolveAccount', output: { accountName: 'ADA OBI' } },
  {
    type: 'xstate.error.actor.resolveAccount',
    error: httpError(422, 'Could not resolve this account number with the bank.'),
  },
  { type: 'xstate.done.actor.save', output: newPayout },
  { type: 'xstate.error.actor.save', error: networkError() },
  { type: 'xstate.error.actor.save', error: httpError(400, 'Password is incorrect.') },
];
// An organiser who already has an account: loading shows it, and Save replaces it.
const withSaved = [
  {
    type: 'xstate.done.actor.load',
    output: { payout: savedPayout, mode: 'paystack', banks, banksAvailable: true },
  },
  ...events.slice(3),
];

type Snap = SnapshotFrom<typeof payoutSettingsMachine>;
const key = (s: Snap) => {
  const c = s.context;
  return [
    c.payout?.bankName ?? null,
    c.banks.length,
    c.bankCode,
    c.accountNumber,
    c.accountName,
    c.password !== '',
    c.message,
  ];
};

const modelPaths = [
  ['no saved account', flowModel(payoutSettingsMachine, { events, key }).getShortestPaths()],
  ['a saved account', flowModel(payoutSettingsMachine, { events: withSaved, key }).getShortestPaths()],
] as const;

beforeEach(() => {
  vi.useFakeTimers();
});

describe.each(modelPaths)('payout settings paths with %s', (_, paths) => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const notices: string[] = [];
    await runPath(path, {
      machine: payoutSettingsMachine.provide({ actions: { notify: (_, n) => void notices.push(n.text) } }),
      actorNames: ['load', 'resolveAccount', 'save'],
      view: key,
      check: (real, _m, calls) => {
        const c = real.context;
        // Only digits are kept, at most ten.
        expect(c.accountNumber).toMatch(/^\d{0,10}$/);
        // The bank is asked only for a chosen bank and a full number, exactly as entered.
        if (real.matches({ ready: 'resolving' }))
          expect(calls.resolveAccount?.at(-1)).toEqual({ bankCode: '058', accountNumber: '0123456789' });
        if (real.matches({ ready: 'saving' }))
          expect(calls.save?.at(-1)).toEqual({
            bank: '058',
            accountNumber: '0123456789',
            password: 'Lagos#2026',
          });
        // Save is only possible once the number resolved to a name, which is shown.
        if (real.matches({ ready: 'resolved' }) || real.matches({ ready: 'saving' }))
          expect(c.accountName).toBe('ADA OBI');
        else expect(c.accountName).toBeNull();
        // (Typing the password clears the message, as any edit does.)
        if (real.matches({ ready: 'unresolved' }) && c.message !== null)
          expect(c.message).toBe('Could not resolve this account number with the bank.');
        if (real.matches('failed')) expect(c.message).toBe('The payout account could not be loaded.');
        expect(notices.every((n) => n === 'Payout account saved')).toBe(true);
        if (notices.length > 0) {
          expect(c.payout).toEqual(newPayout);
        }
        // Without the password, Save says so in words and does not call the server.
        if (c.message === PASSWORD_NEEDED) expect(c.password).toBe('');
        expect(calls.save?.length ?? 0).toBeGreaterThanOrEqual(notices.length);
      },
    });
  });
});

describe('payout settings coverage', () => {
  it('covers every state and transition', () =>
    expectFullCoverage(
      payoutSettingsMachine,
      modelPaths.flatMap(([, paths]) => paths),
    ));

  it('refuses to save before the account resolved, in words', () => {
    const paths = modelPaths[0][1];
    const refused = paths.flatMap((p) =>
      p.steps.filter(
        (s, i) => s.event.type === 'form.submit' && p.steps[i - 1]?.state.matches({ ready: 'incomplete' }),
      ),
    );
    expect(refused.length).toBeGreaterThan(0);
    for (const s of refused) {
      expect(s.state.value).toEqual({ ready: 'incomplete' });
      expect(s.state.context.message).toBe('Choose your bank and enter your 10-digit account number.');
    }
  });

  it('asks for the password before saving a resolved account, in words', () => {
    const paths = modelPaths.flatMap(([, p]) => p);
    const refused = paths.flatMap((p) =>
      p.steps.filter(
        (s, i) =>
          s.event.type === 'form.submit' &&
          p.steps[i - 1]?.state.matches({ ready: 'resolved' }) &&
          p.steps[i - 1]?.state.context.password === '',
      ),
    );
    expect(refused.length).toBeGreaterThan(0);
    for (const s of refused) {
      expect(s.state.value).toEqual({ ready: 'resolved' });
      expect(s.state.context.message).toBe(PASSWORD_NEEDED);
    }
  });
});
