import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventList } from '../../contract/events';
import { eventTicketsResponse } from '../../contract/tickets';
import { ticketTypes } from '../../server/db/schema';
import { testDatabases } from '../helpers/databases';
import { buildTestApp, type TestApp } from '../helpers/testApp';

/**
 * The rendered-page cache (server/http/pageCache.ts) must never serve a price older than the last
 * commit, and each response must carry its own CSP nonce. The server bundle here is a stand-in with
 * the real one's interface (a Vite build would cost a minute): it reads the event's tickets through
 * the transport the server gives it and numbers its renders, so a cached page is recognisable.
 * On PostgreSQL the write happens on a second instance sharing the database.
 */
const INDEX_HTML =
  '<!doctype html><html lang="en-NG"><head><title>Gatepass</title></head><body><div id="root"></div></body></html>';
const ENTRY = `
let base, fetchVia, renders = 0;
export function setServerTransport(url, fetch) { base = url; fetchVia = fetch; }
export async function renderPage(request, template, nonce) {
  const id = new URL(request.url).pathname.split('/')[2];
  const { tickets } = await (await fetchVia(new URL('api/tickets/event/' + id, base))).json();
  renders += 1;
  const body = '<p data-render="' + renders + '">' + tickets.map((t) => t.ticketPrice).join(',') + '</p>';
  return { status: 200, html: template.replace('<div id="root"></div>',
    '<div id="root">' + body + '<script nonce="' + nonce + '">window.$_TSR={}</script></div>') };
}
`;

describe.each(testDatabases)('rendered-page cache on $name', (database) => {
  let reader: TestApp;
  let writer: TestApp;
  let spaDir: string;
  let eventId: string;

  beforeAll(async () => {
    spaDir = await mkdtemp(path.join(tmpdir(), 'gatepass-pagecache-'));
    await writeFile(path.join(spaDir, 'index.html'), INDEX_HTML);
    await mkdir(path.join(spaDir, '.ssr'));
    await mkdir(path.join(spaDir, '.vite'));
    await writeFile(path.join(spaDir, '.ssr', 'entry-server.js'), ENTRY);
    await writeFile(path.join(spaDir, '.vite', 'manifest.json'), '{}');
    reader = await buildTestApp(database, { seed: true, config: { spaDir } });
    writer =
      database.kind === 'postgres'
        ? await buildTestApp(database, { config: { databaseUrl: reader.deps.config.databaseUrl } })
        : reader;
    eventId = eventList.parse((await reader.app.inject('/api/events')).json())[0]!._id;
  });
  afterAll(async () => {
    if (writer && writer !== reader) await writer.close();
    await reader?.close();
    if (spaDir) await rm(spaDir, { recursive: true, force: true });
  });

  const page = async () => {
    const response = await reader.app.inject(`/event-details/${eventId}`);
    expect(response.statusCode).toBe(200);
    const render = /data-render="(\d+)">([^<]*)</.exec(response.body);
    expect(render).not.toBeNull();
    return {
      render: Number(render![1]),
      prices: render![2]!,
      htmlNonce: /<script nonce="([^"]+)">/.exec(response.body)?.[1],
      cspNonce: /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1],
    };
  };

  it('serves a page rendered once to the next visitor, each with its own nonce', async () => {
    const first = await page();
    const second = await page();
    expect(second.render).toBe(first.render);
    for (const seen of [first, second]) {
      expect(seen.htmlNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(seen.cspNonce).toBe(seen.htmlNonce);
    }
    expect(second.htmlNonce).not.toBe(first.htmlNonce);
  });

  it('a price change shows on the very next page, rendered again', async () => {
    const before = await page();
    const { tickets } = eventTicketsResponse.parse(
      (await reader.app.inject(`/api/tickets/event/${eventId}`)).json(),
    );
    await writer.deps.db
      .update(ticketTypes)
      .set({ priceKobo: 250 })
      .where(eq(ticketTypes.id, tickets[0]!._id));
    const after = await page();
    expect(after.render).toBe(before.render + 1);
    expect(after.prices.split(',')).toContain('2.5');
    expect(after.prices).not.toBe(before.prices);
  });
});
