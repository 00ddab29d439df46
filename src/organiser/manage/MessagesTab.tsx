import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useEffect } from 'react';
import { fromPromise } from 'xstate';
import { GUEST_MESSAGE_LIMITS, type GuestMessageSummary } from '../../../contract/guestMessages';
import { guestMessageMachine } from '../../../machines/guestMessage.machine';
import {
  fetchGuestMessages,
  previewGuestMessage,
  sendGuestMessage,
  sendTestGuestMessage,
} from '../../api/guestMessages';
import { Button } from '../../ui/Button';
import { FormAlert, TextAreaField, TextField } from '../../ui/Field';
import * as fields from '../../ui/field.css';
import { notifyAction } from '../../ui/notify';
import * as rows from '../../ui/rowList.css';
import { SelectField } from '../EventDetailsFields';
import * as styles from '../organiser.css';
import * as css from './messages.css';

const machine = guestMessageMachine.provide({
  actors: {
    load: fromPromise(({ input }) => fetchGuestMessages(input)),
    reload: fromPromise(({ input }) => fetchGuestMessages(input)),
    preview: fromPromise(({ input }) => previewGuestMessage(input)),
    sendTest: fromPromise(({ input }) => sendTestGuestMessage(input)),
    send: fromPromise(({ input }) => sendGuestMessage(input)),
  },
  actions: { notify: notifyAction },
});

/** How often the list is read again while a message is still going out. */
const REFRESH_MS = 4000;

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-NG', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Lagos',
  }).format(new Date(iso));
const guests = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;

function Counts({ m }: { m: GuestMessageSummary }) {
  return (
    <p className={`${styles.note} ${css.counts}`}>
      <span className={styles.badgeGood}>{m.sent} sent</span>
      {m.failed > 0 && <span className={styles.badgeWarn}>{m.failed} failed, retrying</span>}
      {m.waiting > 0 && <span className={styles.badge}>{m.waiting} waiting</span>}
      {m.skipped > 0 && <span className={styles.badge}>{m.skipped} skipped (unsubscribed)</span>}
      <span>of {guests(m.recipients)}</span>
    </p>
  );
}

/**
 * The Messages tab (decision 063): write to every guest, one ticket type's or one date's holders;
 * preview (how many it reaches, the email's text), send a test to yourself, send. Below, every
 * message sent, by whom and when, with its sent / failed counts (read again while one is going out).
 */
export function MessagesTab({ eventId }: { eventId: string }) {
  const actor = useActorRef(machine, { input: { eventId } });
  const c = useSelector(actor, (s) => s.context);
  const state = useSelector(actor, (s) => ({
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    writing: s.matches({ ready: 'writing' }) || s.matches({ ready: 'refreshing' }),
    previewing: s.matches({ ready: 'previewing' }),
    previewed:
      s.matches({ ready: 'previewed' }) || s.matches({ ready: 'testing' }) || s.matches({ ready: 'sending' }),
    testing: s.matches({ ready: 'testing' }),
    sending: s.matches({ ready: 'sending' }),
  }));
  const going = c.data?.messages.some((m) => m.waiting > 0) ?? false;
  useEffect(() => {
    if (!going) return;
    const timer = setInterval(() => actor.send({ type: 'refresh' }), REFRESH_MS);
    return () => clearInterval(timer);
  }, [going, actor]);

  const data = c.data;
  const change =
    (name: 'audience' | 'ticketTypeId' | 'eventDateId' | 'subject' | 'body') => (value: string) =>
      actor.send({ type: 'field.change', name, value });
  function submit(e: FormEvent) {
    e.preventDefault();
    actor.send({ type: 'preview' });
  }
  const locked = !state.writing;
  const audiences = [
    { value: 'event', label: 'All guests' },
    ...(data && data.types.length > 0 ? [{ value: 'type', label: 'One ticket type' }] : []),
    ...(data && data.dates.length > 0 ? [{ value: 'date', label: 'One date' }] : []),
  ];
  const left = data ? Math.max(0, data.limit.perHour - data.limit.sentThisHour) : 0;

  return (
    <>
      <section className={styles.card} aria-labelledby="messages-write-title">
        <h2 id="messages-write-title" className={styles.subtitle}>
          Message your guests
        </h2>
        <p className={styles.note}>
          An email to everyone holding a ticket — the name on the ticket now, after any transfer — once per
          person however many tickets they hold. It also shows on their ticket page.
        </p>
        {state.loading && <p className={styles.note}>Loading messages…</p>}
        {state.failed && (
          <div className={styles.actionsSpread}>
            <FormAlert tone="error">{c.formError}</FormAlert>
            <Button tone="secondary" onClick={() => actor.send({ type: 'retry' })}>
              Try again
            </Button>
          </div>
        )}
        {data && !state.failed && (
          <form className={fields.form} noValidate onSubmit={submit} aria-label="Write a message">
            <FormAlert tone="error">{c.formError}</FormAlert>
            <div className={fields.row}>
              <SelectField
                label="Send to"
                value={c.values.audience}
                options={audiences}
                error={c.errors.audience}
                disabled={locked}
                onChange={change('audience')}
              />
              {c.values.audience === 'type' && (
                <SelectField
                  label="Ticket type"
                  value={c.values.ticketTypeId}
                  placeholder="Choose a ticket type"
                  options={data.types.map((t) => ({ value: t.id, label: `${t.name} (${guests(t.guests)})` }))}
                  error={c.errors.ticketTypeId}
                  disabled={locked}
                  onChange={change('ticketTypeId')}
                />
              )}
              {c.values.audience === 'date' && (
                <SelectField
                  label="Date"
                  value={c.values.eventDateId}
                  placeholder="Choose a date"
                  options={data.dates.map((d) => ({ value: d.id, label: `${d.name} (${guests(d.guests)})` }))}
                  error={c.errors.eventDateId}
                  disabled={locked}
                  onChange={change('eventDateId')}
                />
              )}
            </div>
            <TextField
              label="Subject"
              requiredMark
              maxLength={GUEST_MESSAGE_LIMITS.subject}
              placeholder="Gates open at 6"
              value={c.values.subject}
              error={c.errors.subject}
              disabled={locked}
              onValueChange={change('subject')}
            />
            <TextAreaField
              label="Message"
              requiredMark
              rows={5}
              maxLength={GUEST_MESSAGE_LIMITS.body}
              placeholder="Doors open at 6 pm. Bring a photo ID; bags are checked at gate B."
              value={c.values.body}
              error={c.errors.body}
              disabled={locked}
              onValueChange={change('body')}
            />
            <p className={styles.note}>
              Plain text, up to {GUEST_MESSAGE_LIMITS.body} characters. {data.limit.perHour} messages an hour
              per event; {left} left this hour.
            </p>
            {!state.previewed && (
              <div className={styles.actions}>
                <Button type="submit" busy={state.previewing}>
                  Preview
                </Button>
              </div>
            )}
          </form>
        )}
        {c.preview && state.previewed && (
          <section className={css.preview} aria-label="Preview">
            <p>
              <strong>Goes to {guests(c.preview.recipients)}</strong> · {c.preview.audienceName}
            </p>
            <p>
              <strong>{c.preview.subject}</strong>
            </p>
            <p className={css.messageText}>{c.preview.text}</p>
            {c.testSentTo && <FormAlert tone="success">{`Test sent to ${c.testSentTo}.`}</FormAlert>}
            <div className={styles.actions}>
              <Button
                tone="ghost"
                disabled={state.testing || state.sending}
                onClick={() => actor.send({ type: 'edit' })}
              >
                Edit
              </Button>
              <Button
                tone="secondary"
                busy={state.testing}
                disabled={state.sending}
                onClick={() => actor.send({ type: 'test' })}
              >
                Send me a test
              </Button>
              <Button
                busy={state.sending}
                disabled={state.testing}
                onClick={() => actor.send({ type: 'send' })}
              >
                {`Send to ${guests(c.preview.recipients)}`}
              </Button>
            </div>
          </section>
        )}
      </section>
      {data && (
        <section className={styles.card} aria-labelledby="messages-sent-title">
          <h2 id="messages-sent-title" className={styles.subtitle}>
            Sent messages
          </h2>
          {data.messages.length === 0 ? (
            <p className={styles.note}>
              None yet. What you send your guests is listed here, with who sent it.
            </p>
          ) : (
            <ul className={rows.list} aria-label="Sent messages">
              {data.messages.map((m) => (
                <li key={m.id} className={rows.row}>
                  <div className={css.rowText}>
                    <p>
                      <strong>{m.subject}</strong>
                    </p>
                    <p className={styles.note}>
                      To {m.audienceName} · by {m.sentByName} · {when(m.createdAt)}
                    </p>
                    <p className={css.messageText}>{m.body}</p>
                    <Counts m={m} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
