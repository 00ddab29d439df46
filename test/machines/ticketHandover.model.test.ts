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
];
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
    await runFlowPath(path, {
      machine: ticketHandoverMachine.provide({
        actions: { transferred: () => void transferred++, renamed: (_x, p) => void renamed.push(p) },
      }),
      input,
      actorNames: ['transfer', 'rename'],
      view: key,
      check: ({ event, real, calls, entered }) => {
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
        if (event.type === 'xstate.error.actor.transfer')
          expect(real.context.formError).toBe('Ticket changes closed when the event started.');
        if (event.type === 'xstate.error.actor.rename')
          expect(real.context.formError).toBe('The name could not be corrected. Please try again.');
      },
    });
  });

  it('covers every state and transition', () => expectFullCoverage(ticketHandoverMachine, paths));
});
