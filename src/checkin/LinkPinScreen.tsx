import { type FormEvent, useEffect, useState } from 'react';
import type { LinkInfoResponse } from '../../contract/checkin';
import type { ApiError } from '../api/http';
import { Button } from '../ui/Button';
import { FormAlert, TextField } from '../ui/Field';
import { checkinApi, type LinkSession, storeLinkSession } from './api';
import * as styles from './ScannerScreen.css';

/**
 * Door staff open the organiser's check-in link and type its 6-digit PIN; the session it gives is
 * kept in this browser for this event, so the scanner reopens (offline too) without asking again.
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
  const [info, setInfo] = useState<LinkInfoResponse | null>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    checkinApi.linkInfo(token).then(setInfo, (e: ApiError) => setError(e.message));
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(pin)) {
      setError('Enter the 6-digit PIN');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const session = await checkinApi.openSession(token, pin);
      if (session.event.id !== eventId) throw new Error('This link is for another event.');
      storeLinkSession(eventId, session);
      onOpened(session);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" className={styles.screen}>
      <section className={styles.panel}>
        <h1 className={styles.eventName}>{info ? info.event.eventName : 'Door check-in'}</h1>
        <p className={styles.muted}>
          {info
            ? info.status === 'active'
              ? `Check-in link "${info.label}". Enter the PIN the organiser gave you.`
              : `This check-in link has ${info.status === 'revoked' ? 'been revoked' : 'expired'}.`
            : 'Opening the check-in link…'}
        </p>
        <form onSubmit={submit} noValidate>
          <TextField
            label="6-digit PIN"
            value={pin}
            onValueChange={(v) => setPin(v.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
          <FormAlert tone="error">{error}</FormAlert>
          <Button type="submit" busy={busy} disabled={info?.status !== undefined && info.status !== 'active'}>
            Open scanner
          </Button>
        </form>
      </section>
    </main>
  );
}
