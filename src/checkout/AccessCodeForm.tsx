import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { accessCodeEntryMachine } from '../../machines/accessCodeEntry.machine';
import { fetchEventTickets } from '../api/events';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import * as styles from './checkout.css';

/**
 * 'Have an access code?' (decision 036): a code checked with the server, then the selection opened
 * again with it, showing the hidden tickets it unlocks. The flow is machines/accessCodeEntry.machine.ts.
 */
export function AccessCodeForm({ eventId, current }: { eventId: string; current: string | null }) {
  const navigate = useNavigate();
  const actor = useActorRef(
    accessCodeEntryMachine.provide({
      actors: { check: fromPromise(({ input }) => fetchEventTickets(eventId, input.code)) },
      actions: {
        unlocked: (_, { code }) =>
          void navigate({ to: '/get-tickets/$eventId', params: { eventId }, search: { access: code } }),
      },
    }),
  );
  const code = useSelector(actor, (s) => s.context.code);
  const error = useSelector(actor, (s) => s.context.error);
  const checking = useSelector(actor, (s) => s.matches('checking'));
  function submit(e: FormEvent) {
    e.preventDefault();
    actor.send({ type: 'code.submit' });
  }
  if (current)
    return (
      <p className={styles.muted} data-testid="access-code-applied">
        Access code <strong>{current}</strong> applied: its tickets are listed above.
      </p>
    );
  return (
    <form className={styles.accessRow} onSubmit={submit} noValidate aria-label="Access code">
      <div className={styles.accessField}>
        <TextField
          label="Have an access code?"
          placeholder="SPONSOR2026"
          value={code}
          error={error ?? undefined}
          disabled={checking}
          onValueChange={(value) => actor.send({ type: 'code.change', value })}
        />
      </div>
      <Button type="submit" tone="secondary" busy={checking} className={styles.applyButton}>
        Unlock tickets
      </Button>
    </form>
  );
}
