// The baseline for bench/api: a bare Fastify server answering one route per endpoint we measure,
// each with a constant JSON body: the very bytes that endpoint of ours returns (fetched once at
// start from BODY_URLS, a JSON object name → URL), no database, no validation.
import Fastify from 'fastify';

const urls = JSON.parse(process.env.BODY_URLS!) as Record<string, string>;
const app = Fastify({ logger: false });
for (const [name, url] of Object.entries(urls)) {
  const body = await (await fetch(url)).text();
  app.get(`/${name}`, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
app.get('/ready', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGINT', async () => {
  await app.close();
  process.exit(0);
});
