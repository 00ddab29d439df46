import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { ticketHandoverMachine } from '../../machines/ticketHandover.machine';
import { runFlowPath } from '../helpers/flowPath';
import { expectFullCoverage, flowModel, httpError, networkError } from '../helpers/machineModel';

const input = { code: 'old-code' };
const closed = httpError(409, 'Ticket changes closed when the event started.');
const events = [
  { type: 'transfer.open' },
  { type: 'rename.open', firstName: 'Ngozi', lastName: 'Eze' },
  { type: 'field.change', name: 'firstName', value: 'Tobi' },
  { type: 'field.change', name: 'lastName', value: 'Adeyemi' },
  { type: 'field.change', name: 'email', value: 'tobi@example.ng' },
  { type: 'field.change', name: 'firstName', value: '' },
  { type: 'form.submit' },
  { type: 'confirm' },
  { type: 'back' },
  { type: 'cancel' },
  { type: 'xstate.done.actor.transfer', output: { message: 'Ticket sent to Tobi Adeyemi.' } },
  { type: 'xstate.error.actor.transfer', error: closed },
  { type: 'xstate.done.actor.rename', output: { message: 'Name corrected.', code: 'new-code' } },
  { type: 'xstate.error.actor.rename', error: networkError() },
  { type: 'xstate.error.actor.transfer', error: networkError() },
  { type: 'xstate.error.actor.rename', error: closed },
];
type Values = { firstName: string; lastName: string; email: string };
type Ev = {
  type: string;
  name?: string;
  value?: string;
  firstName?: string;
  lastName?: string;
  output?: { message: string; code: string };
  error?: unknown;
};
type Page = {
  state: string;
  code: string;
  values: Values;
  errors: object;
  submitted: boolean;
  formError: string | null;
};
/** The names are required for both; a transfer also needs the new holder's email. */
const nameErrors = (v: Values) => ({
  ...(v.firstName.trim() ? {} : { firstName: 'First name is required' }),
  ...(v.lastName.trim() ? {} : { lastName: 'Last name is required' }),
});
const transferErrors = (v: Values) => ({
  ...nameErrors(v),
  ...(v.email.trim() === ''
    ? { email: 'Email is required' }
    : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())
      ? {}
      : { email: 'Invalid email address' }),
});
const fresh = (values: Values) => ({ values, errors: {}, submitted: false, formError: null });

/** What the ticket page must do, from decision 040's words, not from the machine. */
function nextPage(p: Page, e: Ev, notices: string[]): Page {
  const server = (e.error as { serverMessage?: string | null } | undefined)?.serverMessage;
  const form = p.state === 'transferForm' ? transferErrors : nameErrors;
  switch (`${p.state} ${e.type}`) {
    case 'idle transfer.open':
      return { ...p, ...fresh({ firstName: '', lastName: '', email: '' }), state: 'transferForm' };
    case 'idle rename.open':
      // The name form starts from the ticket's name.
      return {
        ...p,
        ...fresh({ firstName: e.firstName ?? '', lastName: e.lastName ?? '', email: '' }),
        state: 'renameForm',
      };
    case 'transferForm field.change':
    case 'renameForm field.change': {
      const values = { ...p.values, [e.name as string]: e.value };
      return { ...p, values, errors: p.submitted ? form(values) : p.errors };
    }
    case 'transferForm form.submit':
    case 'renameForm form.submit': {
      const errors = form(p.values);
      if (Object.keys(errors).length > 0) return { ...p, errors, submitted: true, formError: null };
      // Valid: a transfer asks for confirmation first (the holder's copy stops working at once).
      return { ...p, state: p.state === 'transferForm' ? 'confirmTransfer' : 'renaming', formError: null };
    }
    case 'transferForm cancel':
    case 'renameForm cancel':
      return { ...p, state: 'idle' };
    case 'confirmTransfer confirm':
      return { ...p, state: 'transferring' };
    case 'confirmTransfer back':
      return { ...p, state: 'transferForm' };
    case 'transferring xstate.done.actor.transfer':
      notices.push(`success: ${e.output?.message}`);
      return { ...p, state: 'transferred' };
    case 'transferring xstate.error.actor.transfer':
      return {
        ...p,
        state: 'transferForm',
        formError: server ?? 'The ticket could not be transferred. Please try again.',
      };
    case 'renaming xstate.done.actor.rename':
      // A corrected name is a new ticket: its new code from now on.
      notices.push(`success: ${e.output?.message}`);
      return { ...p, state: 'idle', code: e.output?.code ?? '' };
    case 'renaming xstate.error.actor.rename':
      return {
        ...p,
        state: 'renameForm',
        formError: server ?? 'The name could not be corrected. Please try again.',
      };
    default:
      return p;
  }
}
type Snap = SnapshotFrom<typeof ticketHandoverMachine>;
const key = (s: Snap) => [
  s.context.code,
  s.context.values,
  Object.keys(s.context.errors).length > 0,
  s.context.formError,
];
const paths = flowModel(ticketHandoverMachine, { events, key, input }).getShortestPaths();

describe('ticket handover paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let transferred = 0;
    const renamed: unknown[] = [];
    const expectedNotices: string[] = [];
    const transfers: unknown[] = [];
    const renames: unknown[] = [];
    let page: Page = {
      state: 'idle',
      code: input.code,
      ...fresh({ firstName: '', lastName: '', email: '' }),
    };
    await runFlowPath(path, {
      machine: ticketHandoverMachine.provide({
        actions: { transferred: () => void transferred++, renamed: (_x, p) => void renamed.push(p) },
      }),
      input,
      actorNames: ['transfer', 'rename'],
      view: key,
      check: ({ event, real, calls, entered, notices, index }) => {
        if (index > 0) page = nextPage(page, event as Ev, expectedNotices);
        if (index > 0 && page.state === 'transferring' && event.type === 'confirm')
          transfers.push({ code: page.code, to: page.values });
        if (index > 0 && page.state === 'renaming' && event.type === 'form.submit')
          renames.push({ code: page.code, firstName: page.values.firstName, lastName: page.values.lastName });
        const { state, ...context } = page;
        expect(real.value).toBe(state);
        expect(real.context).toEqual(context);
        expect(real.status).toBe(state === 'transferred' ? 'done' : 'active');
        expect(notices).toEqual(expectedNotices);
        expect(calls.transfer ?? []).toEqual(transfers);
        expect(calls.rename ?? []).toEqual(renames);
        // A transfer is sent only after a valid form and the holder's confirmation, with the form's values.
        expect(calls.transfer ?? []).toHaveLength(entered('transferring'));
        if (real.matches('transferring'))
          expect(calls.transfer?.at(-1)).toEqual({ code: real.context.code, to: real.context.values });
        expect(calls.rename ?? []).toHaveLength(entered('renaming'));
        if (event.type === 'form.submit' && (real.matches('transferForm') || real.matches('renameForm')))
          expect(Object.keys(real.context.errors).length).toBeGreaterThan(0);
        expect(transferred).toBe(real.matches('transferred') ? 1 : 0);
        if (event.type === 'xstate.done.actor.rename') {
          expect(renamed.at(-1)).toEqual({ code: 'new-code' });
          expect(real.context.code).toBe('new-code');
        }
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(ticketHandoverMachine, paths));
});
