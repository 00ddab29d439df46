import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { countsForDate } from '../../contract/checkin';
import { CODE_KIND_TEXT } from '../../contract/doorVerdict';
import { tableDoorLine } from '../../contract/tables';
import { formatTicketReference } from '../../contract/ticketReference';
import { Button } from '../ui/Button';
import { FormAlert } from '../ui/Field';
import { input as manualInput } from '../ui/field.css';
import { CameraScanner } from './CameraScanner';
import type { DoorDay } from './CheckinPage';
import { DoorDate } from './DoorDate';
import { announce } from './feedback';
import { GuestSearch } from './GuestSearch';
import { atTime, originText, resultHeadline } from './resultText';
import * as styles from './ScannerScreen.css';
import { scannerFor } from './scannerActors';

type Props = {
  eventId: string;
  eventName: string | null;
  gate: string | null;
  /** Who is signed in, when the scanner is an account's rather than a gate link's. */
  scannerName?: string | null;
  onLeave?: () => void;
  /** The date this door admits (decision 046): a new date is a new scanner (the page keys it). */
  door?: DoorDay | undefined;
};

/**
 * The door scanner (decision 016): camera, a code field that also takes USB/Bluetooth scanners (they
 * type the code and press Enter), the result of each scan, live counters, undo, and the network
 * state with how many scans wait to sync. The flow is machines/doorScanner.machine.ts.
 */
export function ScannerScreen({ eventId, eventName, gate, scannerName, onLeave, door }: Props) {
  const doorDate = door?.current ?? null;
  const machine = useMemo(
    () => scannerFor(eventId, doorDate).provide({ actions: { announce: (_, p) => announce(p.result) } }),
    [eventId, doorDate],
  );
  const actor = useActorRef(machine, { input: { online: navigator.onLine } });
  const s = useSelector(
    actor,
    (snap) => ({
      online: snap.context.online,
      pending: snap.context.pending,
      counts: snap.context.counts,
      last: snap.context.last,
      undoable: snap.context.undoable,
      conflicts: snap.context.conflicts,
      error: snap.context.error,
      notice: snap.context.notice,
      syncError: snap.context.syncError,
      listTickets: snap.context.listTickets,
      listAt: snap.context.listAt,
      eventName: snap.context.eventName,
      checking: snap.matches({ scanner: 'checkingOnline' }) || snap.matches({ scanner: 'checkingOffline' }),
      undoing: snap.matches({ scanner: 'undoing' }),
      syncing: snap.matches({ sync: 'syncing' }),
      listLoading: snap.matches({ list: 'loading' }),
    }),
    shallowEqual,
  );
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const up = () => actor.send({ type: 'network.online' });
    const down = () => actor.send({ type: 'network.offline' });
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [actor]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return;
    actor.send({ type: 'scan', code });
    setCode('');
    // Ready for the next person: a hardware scanner types straight into the field again.
    input.current?.focus();
  }

  // A door admitting one date of several counts that date's types only (decision 046).
  const counts = s.counts ? countsForDate(s.counts, doorDate) : null;
  const shown = s.last ? resultHeadline(s.last.result, s.last.message) : null;
  return (
    <main id="main" className={styles.screen}>
      <header className={styles.topBar}>
        <div className={styles.titleBlock}>
          <h1 className={styles.eventName}>{s.eventName ?? eventName ?? 'Check-in'}</h1>
          <p
            className={styles.gate}
          >{`Check-in · ${gate ?? (scannerName ? `${scannerName} (signed in)` : 'Signed in')}`}</p>
        </div>
        <div className={styles.pills} aria-live="polite">
          <span className={s.online ? styles.pill.online : styles.pill.offline} data-testid="network-state">
            {s.online ? 'Online' : 'Offline'}
          </span>
          <span className={styles.pill.pending} data-testid="pending-count">
            {s.syncing ? 'Syncing…' : `${s.pending} waiting to sync`}
          </span>
          {onLeave && (
            <Button tone="ghost" size="sm" onClick={onLeave}>
              Leave
            </Button>
          )}
        </div>
      </header>
      {door?.current && door.dates.length > 0 && (
        <DoorDate dates={door.dates} current={door.current} onPick={door.pick} />
      )}

      <section className={styles.counters} aria-label="Counts">
        <p className={styles.bigCount} data-testid="checked-in-count">
          {counts ? `${counts.checkedIn} / ${counts.total}` : '– / –'}{' '}
          <span className={styles.countLabel}>checked in</span>
        </p>
        {counts && counts.perType.length > 0 && (
          <ul className={styles.typeCounts} aria-label="Per ticket type">
            {counts.perType.map((t) => (
              <li key={t.ticketTypeId} className={styles.typeCount}>
                {t.ticketName}: {t.checkedIn} / {t.total}
              </li>
            ))}
          </ul>
        )}
      </section>

      <div role="status" aria-live="assertive" data-testid="scan-result">
        {s.checking && <p className={styles.muted}>Checking…</p>}
        {s.last && shown && (
          <section className={styles.result[shown.tone]} data-result={s.last.result}>
            <h2 className={`${styles.resultTitle} ${styles.resultTitleTone[shown.tone]}`}>{shown.title}</h2>
            {s.last.ticket?.table && (
              <p className={styles.attendee} data-testid="table-line">
                {tableDoorLine({ ticketName: s.last.ticket.ticketName, table: s.last.ticket.table })}
              </p>
            )}
            {s.last.ticket && <p className={styles.attendee}>{s.last.ticket.attendeeName}</p>}
            {s.last.ticket?.reference && (
              <p className={styles.detail}>
                Ticket reference {formatTicketReference(s.last.ticket.reference)}
              </p>
            )}
            {s.last.ticket && (
              <p className={styles.detail}>
                {s.last.ticket.ticketName}
                {s.last.ticket.orderReference && ` · Order ${s.last.ticket.orderReference}`} ·{' '}
                {s.last.ticket.orderSeats === 1
                  ? '1 seat in the order'
                  : `${s.last.ticket.orderSeats} seats in the order`}
              </p>
            )}
            {s.last.result === 'already_checked_in' && s.last.checkedInAt && (
              <p className={styles.detail}>
                First scanned at {atTime(s.last.checkedInAt)} by {originText(s.last.checkedInBy)}
              </p>
            )}
            {s.last.codeKind && (
              <p className={styles.detail} data-testid="code-kind">
                {CODE_KIND_TEXT[s.last.codeKind]}
              </p>
            )}
            <p className={styles.detail}>
              {s.last.message}
              {s.last.offline && ' (checked on this device)'}
            </p>
            <div className={styles.resultActions}>
              {s.undoable && (
                <Button
                  tone="secondary"
                  size="sm"
                  busy={s.undoing}
                  onClick={() => actor.send({ type: 'undo' })}
                >
                  Undo check-in
                </Button>
              )}
              <Button tone="ghost" size="sm" onClick={() => actor.send({ type: 'result.dismiss' })}>
                Clear
              </Button>
            </div>
          </section>
        )}
      </div>
      <FormAlert tone="error">{s.error}</FormAlert>
      {s.notice && <p className={styles.notice}>{s.notice}</p>}

      <form className={styles.manual} onSubmit={submit}>
        <div className={styles.manualField}>
          <label htmlFor="ticket-code" className={styles.muted}>
            Ticket code or reference (type it, or scan with a USB/Bluetooth scanner)
          </label>
          <input
            id="ticket-code"
            ref={input}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            className={manualInput}
            // biome-ignore lint/a11y/noAutofocus: the scanner's one job is this field; hardware scanners type into it.
            autoFocus
          />
        </div>
        <Button type="submit" busy={s.checking}>
          Check
        </Button>
      </form>

      <CameraScanner paused={s.checking} onCode={(scanned) => actor.send({ type: 'scan', code: scanned })} />

      <GuestSearch
        eventId={eventId}
        busy={s.checking}
        onAdmit={(ticketId) => actor.send({ type: 'scan', code: ticketId })}
      />

      {s.conflicts.length > 0 && (
        <section className={styles.panel} aria-label="Conflicts" data-testid="conflicts">
          <h2 className={styles.panelTitle}>Scanned on two devices while offline</h2>
          <ul className={styles.list}>
            {s.conflicts.map((c) => (
              <li key={`${c.reference}-${c.loser.nonce}`}>
                {c.attendeeName} ({c.ticketName}): first scan {atTime(c.winner.scannedAt)} at{' '}
                {originText(c.winner)} stands; the later scan {atTime(c.loser.scannedAt)} at{' '}
                {originText(c.loser)} was a second entry on the same ticket.
              </li>
            ))}
          </ul>
          <Button tone="ghost" size="sm" onClick={() => actor.send({ type: 'conflicts.dismiss' })}>
            Dismiss
          </Button>
        </section>
      )}

      <section className={styles.panel} aria-label="Offline readiness">
        <p className={styles.muted}>
          {s.listLoading
            ? 'Downloading the ticket list for offline use…'
            : s.listTickets !== null && s.listAt
              ? `${s.listTickets} tickets stored on this device (updated ${atTime(s.listAt)}). Scanning keeps working offline.`
              : 'No ticket list on this device yet: offline scanning needs one download while online.'}
        </p>
        {s.syncError && <p className={styles.muted}>{s.syncError}</p>}
        <div className={styles.resultActions}>
          <Button
            tone="ghost"
            size="sm"
            disabled={!s.online}
            onClick={() => actor.send({ type: 'sync.now' })}
          >
            Sync now
          </Button>
          <Button
            tone="ghost"
            size="sm"
            disabled={!s.online}
            onClick={() => actor.send({ type: 'list.refresh' })}
          >
            Refresh list
          </Button>
        </div>
        {s.counts && s.counts.perGate.length > 0 && (
          <ul className={styles.typeCounts} aria-label="Per gate">
            {s.counts.perGate.map((g) => (
              <li key={g.gate} className={styles.typeCount}>
                {g.gate}: {g.checkedIn}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

function shallowEqual<T extends Record<string, unknown>>(a: T, b: T) {
  return Object.keys(a).every((k) => Object.is(a[k], b[k]));
}
