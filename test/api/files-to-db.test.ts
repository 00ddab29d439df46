import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../server/adapters/storage';
import { createScratchDatabase, postgresUrl } from '../helpers/databases';
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess';

const run = promisify(execFile);

/**
 * `npm run files:to-db`: what a single process kept on its disk moves into PostgreSQL, where a
 * process with an empty disk of its own serves it; a second run copies nothing.
 */
describe.skipIf(!postgresUrl)('files:to-db moves local uploads into PostgreSQL', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let server: ServerProcess | null = null;
  let pool: pg.Pool;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'gatepass-files-'));
    pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    // The scratch database is dropped WITH (FORCE) at the end: a pooled session still closing then
    // hears "terminating connection due to administrator command" (57P01). That is the drop, not a
    // failure; anything else still surfaces.
    pool.on('error', (error) => {
      if ((error as { code?: string }).code !== '57P01') throw error;
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await pool?.end();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  const move = (env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/files-to-db.ts'], {
      env: { ...process.env, DATA_DIR: path.join(dataDir, 'old'), ...env },
    });

  it('copies originals and variants once, skips stray files, and another process serves them', async () => {
    // What the disk store of a single process left: a poster, its 320 px variant, a half-written file.
    const local = createLocalStorage(path.join(dataDir, 'old', 'uploads'));
    const png = await sharp({ create: { width: 700, height: 900, channels: 3, background: '#b91c1c' } })
      .webp()
      .toBuffer();
    const key = await local.put('posters', 'webp', png);
    const variant = await sharp(png).resize({ width: 320 }).webp({ quality: 78 }).toBuffer();
    await local.putVariant(key, 'w320', variant, 'image/webp');
    await mkdir(path.join(dataDir, 'old', 'uploads', 'posters'), { recursive: true });
    await writeFile(path.join(dataDir, 'old', 'uploads', 'posters', 'x.webp.1234.tmp'), 'half');

    await expect(move({ DATABASE_URL: '' })).rejects.toMatchObject({ code: 2 });

    const first = await move({ DATABASE_URL: scratch.url });
    expect(first.stdout).toContain('2 copied, 0 already in the database, 1 skipped');
    expect(first.stdout).toContain('skipped posters/x.webp.1234.tmp');
    const rows = await pool.query(
      'select key, variant, content_type, bytes from stored_files order by variant',
    );
    expect(rows.rows.map((r) => [r.key, r.variant, r.content_type])).toEqual([
      [key, '', 'image/webp'],
      [key, 'w320', 'image/webp'],
    ]);
    expect(Buffer.compare(rows.rows[0].bytes, png)).toBe(0);

    const second = await move({ DATABASE_URL: scratch.url });
    expect(second.stdout).toContain('0 copied, 2 already in the database, 1 skipped');

    // A process with a disk of its own (empty) serves the moved poster and its kept variant.
    server = await startServerProcess({
      DATABASE_URL: scratch.url,
      DATA_DIR: path.join(dataDir, 'new'),
      SEED_SAMPLE_DATA: 'false',
      LOG_LEVEL: 'warn',
      SPA_DIR: path.join(dataDir, 'no-spa'),
    });
    await server.healthy();
    const shown = await fetch(`${server.url}/api/images/${key}?w=320`);
    expect(shown.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await shown.arrayBuffer()), variant)).toBe(0);
    const wide = await fetch(`${server.url}/api/images/${key}?w=640`);
    expect(wide.status).toBe(200);
    expect((await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).width).toBe(640);
    // Two script runs and a server start: slow on a loaded machine.
  }, 180_000);
});
