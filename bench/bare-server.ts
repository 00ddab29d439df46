// The baseline for bench/api: a bare Fastify server answering one route with a constant JSON body
// (the same bytes our GET /api/events returns, fetched once at start), no database, no validation.
import Fastify from 'fastify';

const body = await (await fetch(process.env.BODY_FROM_URL!)).text();
const app = Fastify({ logger: false });
app.get('/constant', async (_request, reply) => reply.type('application/json').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGINT', async () => {
  await app.close();
  process.exit(0);
});
