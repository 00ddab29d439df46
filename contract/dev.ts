import * as z from 'zod/mini';

export const outboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(['pending', 'sent', 'stored']),
  sentAt: z.string(),
  /** Files sent with the message (names and sizes only; the content stays in the outbox row). */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), bytes: z.int() })),
  /** Extra headers the message carries (List-Unsubscribe on organisers' messages to guests). */
  headers: z.record(z.string(), z.string()),
});
export const outboxList = z.array(outboxMessage);
export type OutboxMessage = z.infer<typeof outboxMessage>;
