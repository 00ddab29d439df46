import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useEffect } from 'react';
import { fromPromise } from 'xstate';
import type { CreatedLinkResponse } from '../../contract/checkin';
import { checkinLinksMachine } from '../../machines/checkinLinks.machine';
import { CheckinCharts } from '../organiser/charts/CheckinCharts';
import { cardsOnPhone } from '../organiser/organiser.css';
import { Button, ButtonLink } from '../ui/Button';
import { CheckboxField, FormAlert, TextField } from '../ui/Field';
import { notify, notifyAction } from '../ui/notify';
import { checkinApi } from './api';
import * as styles from './CheckinTab.css';
import { DoorLinksTable } from './DoorLinksTable';
import { atTime, originText } from './resultText';

const machine = checkinLinksMachine.provide({
  actors: {
    load: fromPromise(async ({ input }) => {
      const [checkins, list] = await Promise.all([
        checkinApi.checkins(input.eventId),
        checkinApi.links(input.eventId),
      ]);
      return { checkins, links: list.links };
    }),
    create: fromPromise(({ input }) => checkinApi.createLink(input.eventId, input.body)),
    revoke: fromPromise(({ input }) => checkinApi.revokeLink(input.eventId, input.linkId)),
    setSelling: fromPromise(({ input }) =>
      checkinApi.setLinkSelling(input.eventId, input.linkId, input.body),
    ),
  },
  actions: {
    notify: notifyAction,
  },
});

export type TabActor = ReturnType<typeof useActorRef<typeof machine>>;

/**
 * The Check-in tab of event management: live counts (total, per ticket type, per gate), who came
 * and when, the scanner, and check-in links for door staff (label, PIN, optional ticket types).
 * The flow (loading, the 15 s refresh, creating and revoking links) is checkinLinksMachine's.
 */
export function CheckinTab({
  eventId,
  onDoorScreen = false,
  refreshKey,
  owner = false,
}: {
  eventId: string;
  /** The event's owner: the only one who lets a link sell at the door or stops it (decision 062). */
  owner?: boolean;
  /** On the door screen: no link to itself. */
  onDoorScreen?: boolean;
  /** Changes when something outside the tab checked a guest in (the door screen's Admit): refresh now. */
  refreshKey?: unknown;
}) {
  const actor = useActorRef(machine, { input: { eventId } });
  useEffect(() => {
    if (refreshKey) actor.send({ type: 'refresh' });
  }, [refreshKey, actor]);
  const c = useSelector(actor, (s) => s.context);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const data = c.data;
  const counts = data?.counts;
  return (
    <section className={styles.tab} aria-labelledby="checkin-title">
      <div className={styles.head}>
        <h2 id="checkin-title" className={styles.title}>
          Check-in
        </h2>
        <div className={styles.row}>
          {/* The door's own screen (no money): a page to hand to whoever runs the door. */}
          {!onDoorScreen && (
            <ButtonLink tone="secondary" to="/door/$eventId" params={{ eventId }}>
              Door screen
            </ButtonLink>
          )}
          <ButtonLink to="/checkin/$eventId" params={{ eventId }}>
            Open scanner
          </ButtonLink>
        </div>
      </div>
      <FormAlert tone="error">{c.loadError}</FormAlert>
      {failed && (
        <Button tone="secondary" onClick={() => actor.send({ type: 'retry' })}>
          Try again
        </Button>
      )}
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
        <NewLink eventId={eventId} types={counts?.perType ?? []} actor={actor} />
      </div>
      <CheckinCharts eventId={eventId} />
      <DoorLinksTable actor={actor} owner={owner} />
      <div className={styles.card}>
        <h3 className={styles.cardTitle}>Who came</h3>
        {data && data.checkins.length === 0 && <p className={styles.muted}>Nobody is checked in yet.</p>}
        {data && data.checkins.length > 0 && (
          <div className={styles.scroll}>
            <table className={`${styles.table} ${cardsOnPhone}`}>
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
                    <td className={styles.cell} data-label="Attendee">
                      {c.attendeeName}
                    </td>
                    <td className={styles.cell} data-label="Ticket">
                      {c.ticketName}
                    </td>
                    <td className={styles.cell} data-label="Checked in at">
                      {atTime(c.checkedInAt)}
                    </td>
                    <td className={styles.cell} data-label="Gate">
                      {originText(c.checkedInBy)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

function NewLink({
  eventId,
  types,
  actor,
}: {
  eventId: string;
  types: { ticketTypeId: string; ticketName: string }[];
  actor: TabActor;
}) {
  const c = useSelector(actor, (s) => s.context);
  const creating = useSelector(actor, (s) => s.matches({ ready: 'creating' }));
  const created: CreatedLinkResponse | null = c.created;

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'create' });
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
            {/* On a phone (the door screen's usual place) the share sheet reaches the gate's staff directly. */}
            {typeof navigator.share === 'function' && (
              <Button
                size="sm"
                tone="secondary"
                onClick={() =>
                  navigator
                    .share({
                      title: `Check-in link: ${created.link.label}`,
                      text: `${url}\nPIN: ${created.pin}`,
                    })
                    // Closing the share sheet rejects: nothing went wrong, nothing to say.
                    .catch(() => undefined)
                }
              >
                Share
              </Button>
            )}
            <Button size="sm" tone="ghost" onClick={() => actor.send({ type: 'created.dismiss' })}>
              Done
            </Button>
          </div>
        </div>
      )}
      <form onSubmit={submit} noValidate className={styles.form}>
        <TextField
          label="Label (e.g. Gate A)"
          value={c.label}
          error={c.labelError ?? undefined}
          disabled={creating}
          onValueChange={(value) => actor.send({ type: 'label.change', value })}
          maxLength={60}
        />
        {types.length > 1 && (
          <fieldset className={styles.fieldset}>
            <legend className={styles.muted}>Only these ticket types (none ticked: all)</legend>
            <div className={styles.types}>
              {types.map((t) => (
                <CheckboxField
                  key={t.ticketTypeId}
                  label={t.ticketName}
                  checked={c.ticketTypeIds.includes(t.ticketTypeId)}
                  disabled={creating}
                  onCheckedChange={() => actor.send({ type: 'type.toggle', ticketTypeId: t.ticketTypeId })}
                />
              ))}
            </div>
          </fieldset>
        )}
        <CheckboxField
          label="May also sell tickets at the door (cash, transfer, POS): the event's owner only"
          checked={c.canSell}
          disabled={creating}
          onCheckedChange={() => actor.send({ type: 'sell.toggle' })}
        />
        <FormAlert tone="error">{c.formError}</FormAlert>
        <Button type="submit" busy={creating} className={styles.submit}>
          Create link with PIN
        </Button>
      </form>
    </div>
  );
}
