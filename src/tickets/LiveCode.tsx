import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { TicketView } from '../../contract/orders';
import { liveCodeMachine } from '../../machines/liveCode.machine';
import { bindPhoneKey, movePhoneKey } from '../api/ticketChanges';
import { Button } from '../ui/Button';
import { FormAlert } from '../ui/Field';
import { notifyAction } from '../ui/notify';
import * as styles from './LiveCode.css';
import { phoneKeyFor, signLiveCode } from './liveKeys';
import { TicketQr } from './TicketQr';
import * as ticketStyles from './tickets.css';

const clock = new Intl.DateTimeFormat('en-NG', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Africa/Lagos',
});

/**
 * The QR on the holder's ticket page (decision 058): the live code from this phone, new every 30
 * seconds, or, where there is none (not the holder, a browser without keys, a phone not yet linked),
 * the printed code, unless the event admits only live codes.
 */
export function LiveCode({ ticket, size = 260 }: { ticket: TicketView; size?: number }) {
  const live = ticket.live;
  const actor = useActorRef(
    liveCodeMachine.provide({
      actors: {
        phoneKey: fromPromise(({ input }) => phoneKeyFor(input.ticketId)),
        bind: fromPromise(({ input }) => bindPhoneKey(input.code, input.publicKey)),
        move: fromPromise(({ input }) => movePhoneKey(input.code, input.publicKey)),
        sign: fromPromise(({ input }) => signLiveCode(input.ticketId)),
      },
      actions: { notify: notifyAction },
    }),
    {
      input: {
        ticketId: live?.issuedId ?? '',
        code: ticket.code,
        deviceKey: live?.deviceKey ?? null,
        mayBind: Boolean(live?.mayBind) && !ticket.revoked && !ticket.past,
      },
    },
  );
  const state = useSelector(actor, (s) => (s.matches('live') ? 'live' : (s.value as string)));
  const liveCode = useSelector(actor, (s) => s.context.liveCode);
  const madeAt = useSelector(actor, (s) => s.context.madeAt);
  const error = useSelector(actor, (s) => s.context.error);
  const required = Boolean(live?.required);
  const label = `QR code of the ${ticket.ticketName} ticket for ${ticket.attendeeName}`;

  const printed = (
    <div className={ticketStyles.qrFrame}>
      <TicketQr code={ticket.code} label={label} size={size} />
    </div>
  );

  if (state === 'live' && liveCode)
    return (
      <div className={styles.live} data-testid="live-code" data-code={liveCode}>
        <span className={styles.badge}>Live code</span>
        <div className={ticketStyles.qrFrame}>
          <TicketQr code={liveCode} label={`Live ${label}`} size={size} />
        </div>
        <div className={styles.timer} aria-hidden="true">
          <div key={liveCode} className={styles.timerFill} />
        </div>
        <p className={styles.note}>
          Changes every 30 seconds{madeAt ? ` · made ${clock.format(new Date(madeAt))}` : ''}. Show it from
          this page: a screenshot stops working within a minute.
        </p>
      </div>
    );

  if (state === 'printed' || state === 'unsupported')
    return (
      <>
        {printed}
        {state === 'unsupported' && (
          <p className={styles.note}>
            {required
              ? 'This browser cannot make the live code this event asks for. Open the ticket in Chrome, Safari or Firefox on your phone.'
              : 'This browser cannot make a live code: show this printed code at the entrance.'}
          </p>
        )}
      </>
    );

  const waiting = (text: string) => (required ? <div className={styles.waiting}>{text}</div> : printed);

  if (state === 'elsewhere' || state === 'moving')
    return (
      <div className={styles.live}>
        {waiting('The live code is on another phone.')}
        <p className={styles.note}>
          This ticket shows its live code on another phone. Move it here if you changed phones: the other
          phone's code stops working.
        </p>
        <FormAlert tone="error">{error}</FormAlert>
        <Button size="sm" busy={state === 'moving'} onClick={() => actor.send({ type: 'move' })}>
          Move the ticket to this phone
        </Button>
      </div>
    );

  if (state === 'bindFailed' || state === 'signFailed')
    return (
      <div className={styles.live}>
        {waiting('No live code yet.')}
        <FormAlert tone="error">{error}</FormAlert>
        <Button size="sm" tone="secondary" onClick={() => actor.send({ type: 'retry' })}>
          Try again
        </Button>
      </div>
    );

  return waiting('Preparing your live code…');
}
