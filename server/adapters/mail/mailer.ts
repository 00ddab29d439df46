import { and, asc, eq, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import { type MailAttachmentRow, mailOutbox } from '../../db/schema';

export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (ticket PDFs, calendar entries). Stored in the outbox with it. */
  attachments?: MailAttachment[];
  /** Extra headers (List-Unsubscribe on organisers' messages to guests). Stored with it. */
  headers?: Record<string, string>;
};

function toRows(attachments: MailAttachment[] | undefined): MailAttachmentRow[] {
  return (attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    contentBase64: a.content.toString('base64'),
  }));
}

export type Mailer = {
  /** Stores the message durably, then delivers it (now, or by retry later). Resolves once stored. */
  send: (message: MailMessage) => Promise<void>;
  /** Delivers every due message once; returns how many were sent. Exposed for tests and the worker. */
  deliverDue: () => Promise<number>;
  close: () => Promise<void>;
  mode: 'smtp' | 'outbox';
};

type Logger = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 60 * 60 * 1000;
const POLL_MS = 5_000;

/** Back-off before attempt n+1: 5 s, 10 s, 20 s, ... capped at an hour. Mail is never dropped. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Mail goes through the outbox table first, so a crash or an SMTP outage never loses a message.
 * With SMTP_URL set, a worker delivers pending rows through nodemailer and retries failures with
 * back-off. Without it, the outbox *is* the mailbox: rows are stored as 'stored', announced in the
 * log (recipient and subject only), and listed at GET /api/dev/outbox to this machine outside
 * production (see server/modules/dev/routes.ts).
 */
export function createMailer(opts: { db: Database; smtpUrl?: string; from: string; log: Logger }): Mailer {
  const { db, log } = opts;
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let rerun = false;
  let closed = false;

  async function deliverOnce(): Promise<number> {
    if (!transport) return 0;
    const due = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(20);
    let sent = 0;
    for (const row of due) {
      // Claim the row so a second instance does not send it too.
      const claimed = await db
        .update(mailOutbox)
        .set({
          attempts: row.attempts + 1,
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelayMs(row.attempts + 1) / 1000})`,
        })
        .where(
          and(
            eq(mailOutbox.id, row.id),
            eq(mailOutbox.attempts, row.attempts),
            eq(mailOutbox.status, 'pending'),
          ),
        )
        .returning({ id: mailOutbox.id });
      if (claimed.length === 0) continue;
      try {
        await transport.sendMail({
          from: opts.from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          headers: row.headers,
          attachments: row.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
        });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
          .where(eq(mailOutbox.id, row.id));
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db
          .update(mailOutbox)
          .set({ lastError: message.slice(0, 500) })
          .where(eq(mailOutbox.id, row.id));
        log.warn(
          { to: row.to, attempts: row.attempts + 1, error: message },
          'mail delivery failed; will retry',
        );
      }
    }
    return sent;
  }

  function deliverDue(): Promise<number> {
    // One delivery pass at a time in this process. A message stored during a pass was not in that
    // pass's batch: remember to run one more pass, so it leaves now rather than at the next poll.
    if (running) {
      rerun = true;
      return running;
    }
    running = deliverOnce().finally(() => {
      running = null;
      if (rerun) {
        rerun = false;
        kick();
      }
    });
    return running;
  }

  function kick() {
    if (!transport || closed) return;
    deliverDue().catch((error) => log.warn({ error: String(error) }, 'mail worker pass failed'));
  }

  if (transport) {
    timer = setInterval(kick, POLL_MS);
    timer.unref();
  }

  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(message) {
      const { attachments, ...rest } = message;
      await db
        .insert(mailOutbox)
        .values({ ...rest, attachments: toRows(attachments), status: transport ? 'pending' : 'stored' });
      if (transport) kick();
      // Never the body: it holds verification links and reset codes, and logs are not secret.
      else
        log.info(
          { to: message.to, subject: message.subject, attachments: attachments?.length ?? 0 },
          'mail stored in outbox (no SMTP_URL); read it at /api/dev/outbox from this machine',
        );
    },
    deliverDue,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
      transport?.close();
    },
  };
}
