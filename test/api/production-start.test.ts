import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYSTACK_NEEDS_KEY,
  PRODUCTION_NEEDS_PAYMENTS,
  PRODUCTION_REFUSES_SAMPLE_DATA,
} from '../../server/config';
import { DEMO_BANNER_TEXT } from '../../server/http/demoBanner';
import { createScratchDatabase, testDatabases } from '../helpers/databases';
import { runUntilExit, type ServerProcess, startServer } from '../helpers/serverProcess';

/**
 * Production is safe by construction: the real server process (server/main.ts) refuses to take
 * play money unless told to, says so on stderr with a non-zero exit, marks a demo on every page,
 * and never loads the sample organiser (whose password is in the README).
 */

// A built SPA stand-in (a Vite build costs a minute): the shell, and a server bundle with the real
// one's interface that renders every public page as one recognisable element.
const INDEX_HTML =
  '<!doctype html><html lang="en-NG"><head><title>Gatepass</title></head><body><div id="root"></div></body></html>';
const ENTRY = `
export function setServerTransport() {}
export async function renderPage(request, template) {
  return { status: 200, html: template.replace('<div id="root"></div>', '<div id="root"><h1 data-ssr="yes">Rendered</h1></div>') };
}
`;

let scratchDir: string;
beforeAll(async () => {
  scratchDir = await mkdtemp(path.join(tmpdir(), 'gatepass-prod-start-'));
});
afterAll(async () => {
  if (scratchDir) await rm(scratchDir, { recursive: true, force: true });
});
const freshDir = async (name: string) => {
  const dir = path.join(scratchDir, `${name}-${Math.random().toString(36).slice(2)}`);
  await mkdir(dir, { recursive: true });
  return dir;
};

describe('a production start refuses play money it was not asked for', () => {
  it.each([
    ['no PAYSTACK_SECRET_KEY and no PAYMENTS', {}, PRODUCTION_NEEDS_PAYMENTS],
    ['an empty PAYSTACK_SECRET_KEY', { PAYSTACK_SECRET_KEY: '' }, PRODUCTION_NEEDS_PAYMENTS],
    ['PAYMENTS=paystack without a key', { PAYMENTS: 'paystack' }, PAYSTACK_NEEDS_KEY],
    ['SEED_SAMPLE_DATA=true', { PAYMENTS: 'test', SEED_SAMPLE_DATA: 'true' }, PRODUCTION_REFUSES_SAMPLE_DATA],
  ])(
    '%s: exits non-zero with the reason on stderr',
    async (_label, env, message) => {
      const dataDir = await freshDir('refused');
      const result = await runUntilExit({ NODE_ENV: 'production', DATA_DIR: dataDir, ...env });
      expect(result.code).toBe(1);
      expect(result.output).toContain(`Gatepass cannot start: ${message}`);
      // It stopped before opening anything: no database was created, no port was listened on.
      expect(result.output).not.toContain('running at');
      // A reason, not a stack trace to dig through.
      expect(result.output).not.toMatch(/\n\s+at /);
    },
    90_000,
  );
});

describe.each(testDatabases)('a production demo (PAYMENTS=test) on $name', (database) => {
  let server: ServerProcess;
  let dataDir: string;
  let scratch: { url: string; drop: () => Promise<void> } | null = null;

  beforeAll(async () => {
    dataDir = await freshDir('demo');
    const spaDir = path.join(dataDir, 'spa');
    await mkdir(path.join(spaDir, '.ssr'), { recursive: true });
    await mkdir(path.join(spaDir, '.vite'));
    await writeFile(path.join(spaDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(spaDir, '.ssr', 'entry-server.js'), ENTRY);
    await writeFile(path.join(spaDir, '.vite', 'manifest.json'), '{}');
    scratch = database.kind === 'postgres' ? await createScratchDatabase() : null;
    server = await startServer({
      NODE_ENV: 'production',
      PAYMENTS: 'test',
      DATA_DIR: dataDir,
      SPA_DIR: spaDir,
      LOG_LEVEL: 'warn',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
  }, 60_000);

  it('starts and says it is a demo on the console', () => {
    expect(server.output()).toContain('Payments: test mode');
    expect(server.output()).toContain('Production demo');
    expect(server.output()).not.toContain('ada@gatepass.ng');
  });

  it('every page carries the demo banner: server-rendered pages and the SPA shell alike', async () => {
    const rendered = await (await fetch(`${server.url}/`)).text();
    expect(rendered).toContain('data-ssr="yes"');
    expect(rendered).toContain(DEMO_BANNER_TEXT);
    // Outside the app's root, so the SPA keeps it on every page it navigates to.
    expect(rendered.indexOf(DEMO_BANNER_TEXT)).toBeLessThan(rendered.indexOf('<div id="root">'));
    for (const url of ['/events/all', '/login', '/profile', '/pay/test/some-reference']) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(DEMO_BANNER_TEXT);
      expect(html.indexOf(DEMO_BANNER_TEXT)).toBeLessThan(html.indexOf('<div id="root">'));
    }
  });

  it('an empty production database gets no sample data', async () => {
    expect(await (await fetch(`${server.url}/api/events`)).json()).toEqual([]);
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@gatepass.ng', password: 'Gatepass#2026' }),
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.status).toBeLessThan(500);
    // And in the database itself, once the server has let go of it: not one user or event.
    expect(await server.stop()).toBe(0);
    const count = async (table: 'users' | 'events') => {
      if (scratch) {
        const client = new pg.Client({ connectionString: scratch.url });
        await client.connect();
        const { rows } = await client.query(`select count(*)::int as n from ${table}`);
        await client.end();
        return rows[0].n as number;
      }
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      await db.close();
      return rows[0]!.n;
    };
    expect(await count('users')).toBe(0);
    expect(await count('events')).toBe(0);
  }, 60_000);
});
