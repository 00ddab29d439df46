import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { CheckinLink, CheckinsResponse, CreatedLinkResponse } from '../../contract/checkin';
import { visuallyHidden } from '../styles/layout.css';
import { Button, ButtonLink } from '../ui/Button';
import { CheckboxField, FormAlert, TextField } from '../ui/Field';
import { notify } from '../ui/notify';
import { checkinApi } from './api';
import * as styles from './CheckinTab.css';
import { atTime, originText } from './resultText';

/**
 * The Check-in tab of event management: live counts (total, per ticket type, per gate), who came
 * and when, the scanner, and check-in links for door staff (label, PIN, optional ticket types).
 */
export function CheckinTab({ eventId }: { eventId: string }) {
  const [data, setData] = useState<CheckinsResponse | null>(null);
  const [links, setLinks] = useState<CheckinLink[]>([]);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const [checkins, linkList] = await Promise.all([
        checkinApi.checkins(eventId),
        checkinApi.links(eventId),
      ]);
      setData(checkins);
      setLinks(linkList.links);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [eventId]);

  useEffect(() => {
    void refresh();
    // Counts move while doors are open: refresh every 15 s while the tab is shown.
    const timer = window.setInterval(() => void refresh(), 15_000);
    return () => window.clearInterval(timer);
  }, [refresh]);

  const counts = data?.counts;
  return (
    <section className={styles.tab} aria-labelledby="checkin-title">
      <div className={styles.head}>
        <h2 id="checkin-title" className={styles.title}>
          Check-in
        </h2>
        <ButtonLink to="/checkin/$eventId" params={{ eventId }}>
          Open scanner
        </ButtonLink>
      </div>
      <FormAlert tone="error">{error}</FormAlert>
      <div className={styles.grid}>
        <div className={styles.card}>
          <h3 className={styles.cardTitle}>Checked in</h3>
          <p className={styles.big} data-testid="tab-checked-in">
            {counts ? `${counts.checkedIn} / ${counts.total}` : '…'}
          </p>
          {counts?.perType.map((t) => (
            <div key={t.ticketTypeId}>
              <p className={styles.muted}>
                {t.ticketName}: {t.checkedIn} / {t.total}
              </p>
              <div className={styles.bar} aria-hidden="true">
                <div
                  className={styles.barFill}
                  style={{ width: `${t.total ? (100 * t.checkedIn) / t.total : 0}%` }}
                />
              </div>
            </div>
          ))}
          {counts && counts.perGate.length > 0 && (
            <p className={styles.muted}>
              By gate: {counts.perGate.map((g) => `${g.gate} ${g.checkedIn}`).join(' · ')}
            </p>
          )}
        </div>
        <NewLink eventId={eventId} types={counts?.perType ?? []} onCreated={refresh} />
      </div>
      <div className={styles.card}>
        <h3 className={styles.cardTitle}>Door staff links</h3>
        {links.length === 0 ? (
          <p className={styles.muted}>
            No links yet. Create one per gate so staff can scan without an account.
          </p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th className={styles.cell}>Label</th>
                <th className={styles.cell}>Status</th>
                <th className={styles.cell}>Checked in</th>
                <th className={styles.cell}>Expires</th>
                <th className={styles.cell}>
                  <span className={visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {links.map((l) => (
                <tr key={l.id}>
                  <td className={styles.cell}>
                    {l.label}
                    {l.ticketTypeIds && (
                      <span className={styles.muted}>
                        {' '}
                        ({l.ticketTypeIds.length} type{l.ticketTypeIds.length > 1 ? 's' : ''})
                      </span>
                    )}
                  </td>
                  <td className={`${styles.cell} ${styles.status}`}>{l.status}</td>
                  <td className={styles.cell}>{l.checkedIn}</td>
                  <td className={styles.cell}>
                    {new Date(l.expiresAt).toLocaleString('en-NG', { timeZone: 'Africa/Lagos' })}
                  </td>
                  <td className={styles.cell}>
                    {l.status === 'active' && (
                      <Button
                        tone="ghost"
                        size="sm"
                        onClick={async () => {
                          try {
                            setLinks((await checkinApi.revokeLink(eventId, l.id)).links);
                            notify.success(`Link "${l.label}" revoked.`);
                          } catch (e) {
                            notify.error((e as Error).message);
                          }
                        }}
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className={styles.card}>
        <h3 className={styles.cardTitle}>Who came</h3>
        {data && data.checkins.length === 0 && <p className={styles.muted}>Nobody is checked in yet.</p>}
        {data && data.checkins.length > 0 && (
          <table className={styles.table}>
            <thead>
              <tr>
                <th className={styles.cell}>Attendee</th>
                <th className={styles.cell}>Ticket</th>
                <th className={styles.cell}>Checked in at</th>
                <th className={styles.cell}>Gate</th>
              </tr>
            </thead>
            <tbody>
              {data.checkins.slice(0, 200).map((c) => (
                <tr key={c.code}>
                  <td className={styles.cell}>{c.attendeeName}</td>
                  <td className={styles.cell}>{c.ticketName}</td>
                  <td className={styles.cell}>{atTime(c.checkedInAt)}</td>
                  <td className={styles.cell}>{originText(c.checkedInBy)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

function NewLink({
  eventId,
  types,
  onCreated,
}: {
  eventId: string;
  types: { ticketTypeId: string; ticketName: string }[];
  onCreated: () => void;
}) {
  const [label, setLabel] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedLinkResponse | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setCreated(
        await checkinApi.createLink(eventId, { label, ...(chosen.length ? { ticketTypeIds: chosen } : {}) }),
      );
      setLabel('');
      setChosen([]);
      onCreated();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const url = created ? `${window.location.origin}/checkin/${eventId}?link=${created.token}` : '';
  return (
    <div className={styles.card}>
      <h3 className={styles.cardTitle}>New door staff link</h3>
      {created && (
        <div className={styles.secret} data-testid="new-link">
          <p className={styles.muted}>
            Share the link and the PIN with "{created.link.label}". They are shown only now.
          </p>
          <code>{url}</code>
          <p className={styles.pin} data-testid="new-link-pin">
            {created.pin}
          </p>
          <div className={styles.row}>
            <Button
              size="sm"
              tone="secondary"
              onClick={() =>
                navigator.clipboard
                  ?.writeText(`${url}\nPIN: ${created.pin}`)
                  .then(() => notify.success('Link and PIN copied.'))
              }
            >
              Copy link and PIN
            </Button>
            <Button size="sm" tone="ghost" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        </div>
      )}
      <form onSubmit={submit} noValidate>
        <TextField label="Label (e.g. Gate A)" value={label} onValueChange={setLabel} maxLength={60} />
        {types.length > 1 && (
          <fieldset>
            <legend className={styles.muted}>Only these ticket types (none ticked: all)</legend>
            <div className={styles.types}>
              {types.map((t) => (
                <CheckboxField
                  key={t.ticketTypeId}
                  label={t.ticketName}
                  checked={chosen.includes(t.ticketTypeId)}
                  onCheckedChange={(on) =>
                    setChosen((c) => (on ? [...c, t.ticketTypeId] : c.filter((x) => x !== t.ticketTypeId)))
                  }
                />
              ))}
            </div>
          </fieldset>
        )}
        <FormAlert tone="error">{error}</FormAlert>
        <Button type="submit" busy={busy}>
          Create link with PIN
        </Button>
      </form>
    </div>
  );
}
