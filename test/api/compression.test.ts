import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventList } from '../../contract/events';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

const INDEX_HTML = `<!doctype html><html lang="en-NG"><head><!--gatepass:meta--><title>Gatepass</title></head>
<body><div id="root"></div>${'<!-- padding so the page is well over the threshold -->\n'.repeat(30)}</body></html>`;
// A built asset as build/precompress.ts leaves it: the file and its .br / .gz twins.
const ASSET = `export const words = ${JSON.stringify('Gatepass tickets for Lagos and Abuja. '.repeat(200))};\n`;
const ASSET_PATH = '/assets/app-Abc123.js';

/** The calendar file stamps the moment it was made (DTSTAMP); two requests differ only there. */
const unstamped = (text: string) => text.replace(/DTSTAMP:\d{8}T\d{6}Z/, 'DTSTAMP');

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe.each(testDatabases)('compression on $name', (database) => {
  let t: TestApp;
  let spaDir: string;
  let eventId: string;

  beforeAll(async () => {
    spaDir = await mkdtemp(path.join(tmpdir(), 'gatepass-spa-'));
    await writeFile(path.join(spaDir, 'index.html'), INDEX_HTML);
    await mkdir(path.join(spaDir, 'assets'));
    await writeFile(path.join(spaDir, ASSET_PATH), ASSET);
    await writeFile(path.join(spaDir, `${ASSET_PATH}.br`), brotliCompressSync(ASSET));
    await writeFile(path.join(spaDir, `${ASSET_PATH}.gz`), gzipSync(ASSET, { level: 9 }));
    t = await buildTestApp(database, { seed: true, config: { spaDir } });
    eventId = eventList.parse((await t.app.inject('/api/events')).json())[0]!._id;
  });
  afterAll(async () => {
    await t?.close();
    if (spaDir) await rm(spaDir, { recursive: true, force: true });
  });

  const fetchAs = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  const cases = [
    ['JSON listing', () => '/api/events', 'application/json'],
    ['JSON event', () => `/api/events/${eventId}`, 'application/json'],
    ['HTML page', () => `/event-details/${eventId}`, 'text/html'],
    ['calendar file', () => `/api/events/${eventId}/calendar.ics`, 'text/calendar'],
    ['precompressed asset', () => ASSET_PATH, 'javascript'],
  ] as const;

  it.each(cases)(
    '%s: br and gzip give compressed, identical bodies; neither gives identity',
    async (_name, url, type) => {
      const plain = await fetchAs(url(), 'identity');
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toContain(type);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
      expect(plain.rawPayload.length).toBeGreaterThan(512);
      const text = unstamped(plain.rawPayload.toString('utf8'));

      const none = await fetchAs(url());
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(unstamped(none.rawPayload.toString('utf8'))).toBe(text);

      for (const encoding of ['br', 'gzip']) {
        const res = await fetchAs(url(), `${encoding}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding'], encoding).toBe(encoding);
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(res.rawPayload.length, encoding).toBeLessThan(plain.rawPayload.length);
        expect(unstamped(decode(encoding, res.rawPayload))).toBe(text);
      }
      // A browser's usual header: brotli wins.
      expect((await fetchAs(url(), 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe('br');
    },
  );

  it('small bodies are sent as they are', async () => {
    const res = await fetchAs('/api/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});
