import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { GuestMatch } from '../../contract/checkin';
import { offlineSearchHint } from '../../contract/guestSearch';
import { Button } from '../ui/Button';
import { input as fieldInput } from '../ui/field.css';
import * as rows from '../ui/rowList.css';
import * as styles from './GuestSearch.css';
import { guestSearchFor } from './guestSearchFor';
import { atTime } from './resultText';
import * as screen from './ScannerScreen.css';

type Props = { eventId: string; busy: boolean; onAdmit: (ticketId: string) => void };

function standing(m: GuestMatch): string {
  if (m.status === 'cancelled') return 'Cancelled or refunded';
  if (m.status === 'test_mode') return 'Test-mode ticket';
  return m.checkedInAt ? `Checked in at ${atTime(m.checkedInAt)}` : 'Not yet in';
}

/**
 * 'Find a guest': for a cracked screen, a flat battery or a printout that will not scan. Staff search
 * the guest list (the server's, or this device's offline) and admit the ticket they pick; admitting is
 * a scan of its ticket id, so the one-admission rule and the result screen are the scanner's own.
 * Nothing found offline for part of a reference, email or phone says why: the device holds those
 * only as hashes, so only the whole value can match (decision 049).
 * The flow is machines/guestSearch.machine.ts.
 */
export function GuestSearch({ eventId, busy, onAdmit }: Props) {
  const machine = useMemo(() => guestSearchFor(eventId), [eventId]);
  const actor = useActorRef(machine);
  const query = useSelector(actor, (s) => s.context.query);
  const matches = useSelector(actor, (s) => s.context.matches);
  const answered = useSelector(actor, (s) => s.context.answered);
  const source = useSelector(actor, (s) => s.context.source);
  const error = useSelector(actor, (s) => s.context.error);
  const searching = useSelector(actor, (s) => s.matches('waiting') || s.matches('searching'));

  const status = searching
    ? 'Searching…'
    : error
      ? error
      : answered === null
        ? ''
        : matches.length === 0
          ? `No guest matches “${answered.trim()}”.${
              source === 'device' ? ` ${offlineSearchHint(answered) ?? ''}`.trimEnd() : ''
            }`
          : `${matches.length === 1 ? '1 guest' : `${matches.length} guests`} found${
              source === 'device' ? ' in the list on this device' : ''
            }.`;

  return (
    <section className={screen.panel} aria-labelledby="guest-search-title" data-testid="guest-search">
      <h2 id="guest-search-title" className={screen.panelTitle}>
        Find a guest
      </h2>
      <label htmlFor="guest-search" className={screen.muted}>
        QR will not scan? Search by name, email, phone, order number or ticket reference
      </label>
      <input
        id="guest-search"
        type="search"
        value={query}
        onChange={(e) => actor.send({ type: 'query.change', query: e.target.value })}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        className={fieldInput}
      />
      <p className={screen.muted} role="status" aria-live="polite">
        {status}
      </p>
      {matches.length > 0 && (
        <ul className={rows.list} aria-label="Guests found">
          {matches.map((m) => (
            <li key={m.id} className={rows.row}>
              <div className={styles.who}>
                <p className={styles.name}>{m.attendeeName}</p>
                <p className={styles.facts}>
                  {m.ticketName}
                  {m.dateName && ` · ${m.dateName}`}
                </p>
                <p className={styles.facts}>{standing(m)}</p>
              </div>
              {m.status === 'valid' && !m.checkedInAt && (
                <Button
                  size="sm"
                  disabled={busy}
                  aria-label={`Admit ${m.attendeeName} (${m.ticketName})`}
                  onClick={() => {
                    onAdmit(m.id);
                    actor.send({ type: 'clear' });
                  }}
                >
                  Admit
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
