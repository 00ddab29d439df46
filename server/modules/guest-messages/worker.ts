import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { queryRows } from '../../db/query';
import { events, guestMessages, issuedTickets, mailOutbox } from '../../db/schema';
import { sharedTicketUrl } from '../issued-tickets/email';
import { guestMessageMail, unsubscribeLinks } from './mail';
import { unsubscribeToken } from './unsubscribe';

/**
 * Hands guest messages to the mail outbox in the background (decision 063). A message's recipients
 * are rows of their own; each batch claims some still without an outbox row (SKIP LOCKED, so several
 * processes share the work and never take the same one), writes their mails to the outbox and marks
 * them in the same transaction. A process that stops mid-message leaves the rest unmarked, and the
 * next pass — in any process, after any restart — takes up exactly those: no one twice, no one left.
 */

const BATCH = 100;

type Claimed = { id: string; message_id: string; email: string; first_name: string; unsubscribed: boolean };

type WorkerDeps = Pick<AppDeps, 'db' | 'mail' | 'config' | 'signer'>;

/**
 * One batch: returns how many recipients it handed over (0 = nothing left to do). A holder who
 * unsubscribed from the event's messages since the message was stored is marked skipped instead of
 * mailed (decision 070); a test to the sender is always sent.
 */
export async function handOverBatch(deps: WorkerDeps, limit = BATCH) {
  const handed = await deps.db.transaction(async (tx) => {
    const claimed = await queryRows<Claimed>(
      tx,
      sql`select r.id, r.message_id, r.email, r.first_name,
          exists (select 1 from guest_messages m join guest_unsubscribes u on u.event_id = m.event_id
            where m.id = r.message_id and not m.test and u.email = lower(r.email)) as unsubscribed
        from guest_message_recipients r
        where r.outbox_id is null and not r.skipped
        order by r.message_id
        limit ${limit}
        for update skip locked`,
    );
    if (claimed.length === 0) return 0;
    const messageIds = [...new Set(claimed.map((c) => c.message_id))];
    const skipped = claimed.filter((c) => c.unsubscribed).map((c) => c.id);
    if (skipped.length > 0)
      await tx.execute(sql`update guest_message_recipients set skipped = true where id in ${skipped}`);
    const messages = await tx
      .select({ message: guestMessages, eventName: events.eventName })
      .from(guestMessages)
      .innerJoin(events, eq(events.id, guestMessages.eventId))
      .where(inArray(guestMessages.id, messageIds));
    const byId = new Map(messages.map((m) => [m.message.id, m]));
    // Each holder's link is their newest live ticket of the event: it opens without an account.
    const links = await tx
      .select({
        eventId: issuedTickets.eventId,
        email: sql<string>`lower(${issuedTickets.attendeeEmail})`,
        token: issuedTickets.shareToken,
      })
      .from(issuedTickets)
      .where(
        and(
          inArray(issuedTickets.eventId, [...new Set(messages.map((m) => m.message.eventId))]),
          inArray(sql`lower(${issuedTickets.attendeeEmail})`, [...new Set(claimed.map((c) => c.email))]),
          isNull(issuedTickets.revokedAt),
        ),
      )
      .orderBy(issuedTickets.createdAt);
    const linkOf = new Map(links.map((l) => [`${l.eventId}|${l.email}`, l.token]));
    const status = deps.mail.mode === 'smtp' ? ('pending' as const) : ('stored' as const);
    const rows = claimed.flatMap((c) => {
      const m = byId.get(c.message_id);
      if (!m || c.unsubscribed) return [];
      const token = linkOf.get(`${m.message.eventId}|${c.email}`);
      const mail = guestMessageMail({
        to: c.email,
        firstName: c.first_name,
        eventName: m.eventName,
        subject: m.message.subject,
        body: m.message.body,
        sentByName: m.message.sentByName,
        test: m.message.test,
        ticketsUrl: token ? sharedTicketUrl(deps.config.appUrl, token) : `${deps.config.appUrl}/tickets/all`,
        unsubscribe: m.message.test
          ? undefined
          : unsubscribeLinks(deps.config.appUrl, unsubscribeToken(deps.signer, m.message.eventId, c.email)),
      });
      const { to, subject, text, html, headers } = mail;
      return [
        {
          recipientId: c.id,
          outbox: { id: randomUUID(), to, subject, text, html, headers: headers ?? {}, status },
        },
      ];
    });
    if (rows.length > 0) await tx.insert(mailOutbox).values(rows.map((r) => r.outbox));
    // One statement marks the whole batch (a statement per recipient made handing over as slow as
    // mailing each guest in turn: bench/guest-messages.ts).
    if (rows.length > 0)
      await tx.execute(
        sql`update guest_message_recipients r set outbox_id = v.outbox_id::uuid
          from (values ${sql.join(
            rows.map((r) => sql`(${r.recipientId}, ${r.outbox.id})`),
            sql`, `,
          )}) as v(id, outbox_id)
          where r.id = v.id::uuid`,
      );
    // A message whose every recipient is now in the outbox is handed over whole.
    await tx.execute(
      sql`update guest_messages m set status = 'queued'
        where m.id in ${messageIds} and m.status = 'sending'
          and not exists (select 1 from guest_message_recipients r
            where r.message_id = m.id and r.outbox_id is null and not r.skipped)`,
    );
    return rows.length + skipped.length;
  });
  if (handed > 0) await deps.mail.deliverDue();
  return handed;
}

/** Batches until none is left. */
export async function handOverAll(deps: WorkerDeps) {
  let total = 0;
  for (;;) {
    const n = await handOverBatch(deps);
    total += n;
    if (n === 0) return total;
  }
}

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/**
 * Runs on start (resuming whatever a stopped process left) and then with the order sweeps
 * (ORDER_SWEEP_SECONDS); `kick` runs it at once, as a send does.
 */
export function startGuestMessageWorker(deps: WorkerDeps, log: Log) {
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = handOverAll(deps)
      .then((n) => {
        if (n > 0) log.info({ recipients: n }, 'guest messages handed to the outbox');
      })
      .catch((error) => log.warn({ err: String(error) }, 'guest message pass failed; the next one retries'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  tick();
  const timer = setInterval(tick, deps.config.orderSweepSeconds * 1000);
  timer.unref();
  return {
    kick: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
export type GuestMessageWorker = ReturnType<typeof startGuestMessageWorker>;
