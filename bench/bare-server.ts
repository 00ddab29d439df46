// The baseline for bench/api: a bare Fastify server answering one route per endpoint we measure,
// each with constant bytes: the very status line headers and body that endpoint of ours returns
// (fetched once at start from BODY_URLS, a JSON object name → URL, with BENCH_ACCEPT_ENCODING as
// the client's Accept-Encoding), no database, no validation, no hooks. Same headers too (security
// headers, ETag, Vary...): "the same bytes" is the whole response, or the baseline would be
// handicapped by writing less than we do.
import http from 'node:http';
import Fastify from 'fastify';

const urls = JSON.parse(process.env.BODY_URLS!) as Record<string, string>;
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? '';
/** Per-connection or per-moment headers Node writes itself. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

function fetchRaw(url: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (!OWN_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
          }
          resolve({ body: Buffer.concat(chunks), headers });
        });
      })
      .on('error', reject);
  });
}

const app = Fastify({ logger: false });
for (const [name, url] of Object.entries(urls)) {
  const { body, headers } = await fetchRaw(url);
  app.get(`/${name}`, async (_request, reply) => reply.headers(headers).send(body));
}
app.get('/ready', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGINT', async () => {
  await app.close();
  process.exit(0);
});
