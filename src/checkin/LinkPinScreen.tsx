import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import type { LinkSessionResponse } from '../../contract/checkin';
import { checkinLinkPinMachine } from '../../machines/checkinLinkPin.machine';
import { Button } from '../ui/Button';
import { FormAlert, TextField } from '../ui/Field';
import { checkinApi, type LinkSession, storeLinkSession } from './api';
import * as styles from './ScannerScreen.css';

/**
 * Door staff open the organiser's check-in link and type its 6-digit PIN (machines/checkinLinkPin);
 * the session is kept in this browser for this event, so the scanner reopens (offline too) without
 * asking again.
 */
export function LinkPinScreen({
  eventId,
  token,
  onOpened,
}: {
  eventId: string;
  token: string;
  onOpened: (session: LinkSession) => void;
}) {
  const actor = useActorRef(
    checkinLinkPinMachine.provide({
      actors: {
        loadLink: fromPromise(({ input }) => checkinApi.linkInfo(input.token)),
        openSession: fromPromise(async ({ input }): Promise<LinkSessionResponse> => {
          const session = await checkinApi.openSession(input.token, input.pin);
          if (session.event.id !== eventId) throw new Error('This link is for another event.');
          return session;
        }),
      },
      actions: {
        sessionOpened: (_, { session }) => {
          storeLinkSession(eventId, session);
          onOpened(session);
        },
      },
    }),
    { input: { token } },
  );
  const info = useSelector(actor, (s) => s.context.info);
  const pin = useSelector(actor, (s) => s.context.pin);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const opening = useSelector(actor, (s) => s.matches('opening'));
  const closed = useSelector(actor, (s) => s.matches('closed'));

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  }

  return (
    <main id="main" className={styles.screen}>
      <section className={styles.panel}>
        <h1 className={styles.eventName}>{info ? info.event.eventName : 'Door check-in'}</h1>
        <p className={styles.muted}>
          {loading
            ? 'Opening the check-in link…'
            : info?.status === 'active'
              ? `Check-in link "${info.label}". Enter the PIN the organiser gave you.`
              : info
                ? `This check-in link has ${info.status === 'revoked' ? 'been revoked' : 'expired'}. Ask the organiser for a new one.`
                : 'This check-in link cannot be used.'}
        </p>
        {!closed && (
          <form onSubmit={submit} noValidate>
            <TextField
              label="6-digit PIN"
              value={pin}
              onValueChange={(value) => actor.send({ type: 'pin.change', pin: value })}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
            <FormAlert tone="error">{error}</FormAlert>
            <Button type="submit" busy={opening} disabled={loading}>
              Open scanner
            </Button>
          </form>
        )}
        {closed && <FormAlert tone="error">{error}</FormAlert>}
      </section>
    </main>
  );
}
