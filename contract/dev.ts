import * as z from 'zod/mini';

export const outboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(['pending', 'sent', 'stored']),
  sentAt: z.string(),
});
export const outboxList = z.array(outboxMessage);
export type OutboxMessage = z.infer<typeof outboxMessage>;
