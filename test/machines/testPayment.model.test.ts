import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { testPaymentMachine } from '../../machines/testPayment.machine';
import { expectFullCoverage, flowModel, httpError, networkError, runPath } from '../helpers/machineModel';

const payment = (status: 'pending' | 'success' | 'failed') => ({
  reference: 'GP-1-abc',
  orderId: '8c3f6f4b-0d5e-4f1a-8b4c-5d6e7f8091a2',
  amount: 5075,
  email: 'ada@example.ng',
  eventName: 'Afrobeats Under the Stars',
  status,
  callbackUrl: 'http://127.0.0.1/orders/8c3f6f4b-0d5e-4f1a-8b4c-5d6e7f8091a2',
});
const events = [
  { type: 'payment.approve' },
  { type: 'payment.decline' },
  { type: 'load.retry' },
  { type: 'xstate.done.actor.fetchPayment', output: payment('pending') },
  { type: 'xstate.done.actor.fetchPayment', output: payment('success') },
  { type: 'xstate.error.actor.fetchPayment', error: httpError(404, 'Payment not found') },
  { type: 'xstate.error.actor.fetchPayment', error: networkError() },
  {
    type: 'xstate.done.actor.decide',
    output: { status: 'success', callbackUrl: payment('pending').callbackUrl },
  },
  { type: 'xstate.error.actor.decide', error: networkError() },
  { type: 'xstate.error.actor.decide', error: httpError(409, 'This payment was already decided.') },
];
type Ev = { type: string; output?: { status: string }; error?: unknown };
type Page = { state: string; payment: unknown; error: string | null };

/** What the page must do, from its description (decision: the provider's own page), not the machine. */
function nextPage(p: Page, e: Ev): Page {
  const server = (e.error as { serverMessage?: string | null } | undefined)?.serverMessage ?? null;
  switch (`${p.state} ${e.type}`) {
    case 'loading xstate.done.actor.fetchPayment':
      // Only a pending payment can be decided; one already decided shows its outcome.
      return { state: e.output?.status === 'pending' ? 'ready' : 'settled', payment: e.output, error: null };
    case 'loading xstate.error.actor.fetchPayment':
      return { ...p, state: 'loadFailed', error: server ?? 'This payment could not be found.' };
    case 'loadFailed load.retry':
      return { ...p, state: 'loading' };
    case 'ready payment.approve':
      return { ...p, state: 'approving', error: null };
    case 'ready payment.decline':
      return { ...p, state: 'declining', error: null };
    case 'approving xstate.error.actor.decide':
      return { ...p, state: 'ready', error: server ?? 'The payment could not be approved.' };
    case 'declining xstate.error.actor.decide':
      return { ...p, state: 'ready', error: server ?? 'The payment could not be declined.' };
    case 'approving xstate.done.actor.decide':
    case 'declining xstate.done.actor.decide':
      return { ...p, state: 'returning' };
    default:
      return p;
  }
}
const key = (s: SnapshotFrom<typeof testPaymentMachine>) => [
  s.context.payment?.status ?? null,
  s.context.error,
];
const input = { reference: 'GP-1-abc' };

beforeEach(() => {
  vi.useFakeTimers();
});

describe('test-mode payment page', () => {
  const paths = flowModel(testPaymentMachine, { events, key, input }).getShortestPaths();

  it('covers every state and transition', () => expectFullCoverage(testPaymentMachine, paths));

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    '%s',
    async (_, path) => {
      const returned: unknown[] = [];
      let page: Page = { state: 'loading', payment: null, error: null };
      let step = 0;
      await runPath(path, {
        machine: testPaymentMachine.provide({ actions: { returnToShop: (_, p) => void returned.push(p) } }),
        input,
        actorNames: ['fetchPayment', 'decide'],
        view: key,
        check: (real, _m, calls) => {
          const event = path.steps[step++]?.event as Ev;
          if (event.type !== 'xstate.init') page = nextPage(page, event);
          expect(real.value).toBe(page.state);
          expect(real.context).toEqual({ reference: 'GP-1-abc', payment: page.payment, error: page.error });
          expect(calls.fetchPayment?.at(-1)).toEqual({ reference: 'GP-1-abc' });
          if (real.matches('approving'))
            expect(calls.decide?.at(-1)).toEqual({ reference: 'GP-1-abc', decision: 'approve' });
          if (real.matches('declining'))
            expect(calls.decide?.at(-1)).toEqual({ reference: 'GP-1-abc', decision: 'decline' });
          // Back to the order only once the provider has recorded the decision.
          expect(returned).toEqual(
            real.matches('returning') ? [{ url: payment('pending').callbackUrl }] : [],
          );
        },
      });
    },
  );
});
