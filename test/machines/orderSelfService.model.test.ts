import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { orderSelfServiceMachine } from '../../machines/orderSelfService.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

const input = { orderId: '5e000000-0000-4000-8000-000000000001' };
const closed = httpError(409, 'This order is already closed.');
const events = [
  { type: 'resend' },
  { type: 'giveBack.ask' },
  { type: 'giveBack.confirm' },
  { type: 'giveBack.cancel' },
  { type: 'xstate.done.actor.resend', output: { message: 'Tickets sent to 1 email address.' } },
  { type: 'xstate.error.actor.resend', error: networkError() },
  { type: 'xstate.done.actor.giveBack', output: {} },
  { type: 'xstate.error.actor.giveBack', error: closed },
  { type: 'xstate.error.actor.resend', error: httpError(429, 'Tickets were sent a minute ago.') },
  { type: 'xstate.error.actor.giveBack', error: networkError() },
];
type Ev = { type: string; output?: { message?: string }; error?: unknown };
type Page = { state: string; error: string | null; notices: string[] };

/** What the order page must do, from its description (issue #23), not from the machine. */
function nextPage(p: Page, e: Ev): Page {
  const server = (e.error as { serverMessage?: string | null } | undefined)?.serverMessage;
  switch (`${p.state} ${e.type}`) {
    case 'idle resend':
      return { ...p, state: 'resending', error: null };
    case 'idle giveBack.ask':
      return { ...p, state: 'confirming', error: null };
    case 'confirming giveBack.confirm':
      return { ...p, state: 'givingBack' };
    case 'confirming giveBack.cancel':
      return { ...p, state: 'idle' };
    case 'resending xstate.done.actor.resend':
      return { ...p, state: 'idle', notices: [...p.notices, `success: ${e.output?.message}`] };
    case 'resending xstate.error.actor.resend':
      return { ...p, state: 'idle', error: server ?? 'The tickets could not be sent. Please try again.' };
    case 'givingBack xstate.done.actor.giveBack':
      return {
        ...p,
        state: 'givenBack',
        notices: [...p.notices, 'success: Tickets given back. The seats are on sale again.'],
      };
    case 'givingBack xstate.error.actor.giveBack':
      return {
        ...p,
        state: 'idle',
        error: server ?? 'The tickets could not be given back. Please try again.',
      };
    default:
      return p;
  }
}
type Snap = SnapshotFrom<typeof orderSelfServiceMachine>;
const key = (s: Snap) => [s.context.error];
const paths = flowModel(orderSelfServiceMachine, { events, key, input }).getShortestPaths();

describe('order self-service paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let givenBack = 0;
    let page: Page = { state: 'idle', error: null, notices: [] };
    await runFlowPath(path, {
      machine: orderSelfServiceMachine.provide({ actions: { givenBack: () => void givenBack++ } }),
      input,
      actorNames: ['resend', 'giveBack'],
      view: key,
      check: ({ event, real, calls, entered, notices, index }) => {
        if (index > 0) page = nextPage(page, event);
        expect(real.value).toBe(page.state);
        expect(real.context).toEqual({ ...input, error: page.error });
        expect(notices).toEqual(page.notices);
        expect(real.status).toBe(page.state === 'givenBack' ? 'done' : 'active');
        // One call per request, for this order; giving back only after the buyer confirmed.
        expect(calls.resend ?? []).toEqual(Array(entered('resending')).fill(input));
        expect(calls.giveBack ?? []).toEqual(Array(entered('givingBack')).fill(input));
        expect(givenBack).toBe(real.matches('givenBack') ? 1 : 0);
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(orderSelfServiceMachine, paths));
});
