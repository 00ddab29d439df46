/**
 * The flash sale's HTTP ceiling (bench/flash-sale.ts): a bare Fastify answering POST /api/orders to
 * the same client with the very bytes ours answers (a 201 order, a 409 "sold out", headers and all:
 * FLASH_REPLIES, captured from our server), selling FLASH_SEATS seats in arrival order. It parses
 * the JSON body as ours does and counts seats; no database, no validation, no session. POST /reset
 * starts a new sale.
 */
import Fastify from 'fastify';

type Reply = { status: number; headers: Record<string, string>; body: string };
const replies = JSON.parse(process.env.FLASH_REPLIES!) as { won: Reply; refused: Reply };
const seats = Number(process.env.FLASH_SEATS);
let sold = 0;

const app = Fastify({ logger: false, bodyLimit: 1_048_576 });
app.post('/api/orders', async (request, reply) => {
  const items = (request.body as { items: Record<string, number> }).items;
  const asked = Object.values(items).reduce((n, q) => n + q, 0);
  const r = sold + asked <= seats ? replies.won : replies.refused;
  if (r === replies.won) sold += asked;
  return reply.code(r.status).headers(r.headers).send(r.body);
});
app.post('/reset', async () => {
  sold = 0;
  return { ok: true };
});
app.get('/ready', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGINT', async () => {
  await app.close();
  process.exit(0);
});
