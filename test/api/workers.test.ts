import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, postgresUrl } from '../helpers/databases';
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess';

const run = promisify(execFile);

/** Process ids whose parent is `pid` (the cluster's workers). */
async function childrenOf(pid: number): Promise<number[]> {
  const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(pid)]).catch(() => ({ stdout: '' }));
  return stdout
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0)
    .sort();
}

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, label: string): Promise<T> {
  for (let i = 0; i < 300; i += 1) {
    const v = await what();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${label}`);
}

describe('WORKERS on the embedded database', () => {
  it('is refused with a clear message: PGlite is one process', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gatepass-workers-'));
    const server = await startServerProcess({ WORKERS: '2', DATABASE_URL: '', DATA_DIR: dataDir });
    await expect(server.healthy()).rejects.toThrow(/WORKERS above 1 needs DATABASE_URL/);
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);
});

/** WORKERS=2: one port, two worker processes; a worker that dies is replaced; SIGTERM stops all. */
describe.skipIf(!postgresUrl)('WORKERS=2 on PostgreSQL', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'gatepass-workers-'));
    server = await startServerProcess({
      WORKERS: '2',
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      SEED_SAMPLE_DATA: 'true',
      LOG_LEVEL: 'warn',
      SPA_DIR: path.join(dataDir, 'no-spa'),
    });
    await server.healthy();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves from two workers, replaces one that dies, and stops them all on SIGTERM', async () => {
    const primary = server.child.pid!;
    const workers = await until(
      () => childrenOf(primary),
      (w) => w.length === 2,
      'two workers',
    );
    // The sample data once, whichever worker loaded it.
    const events = (await (await fetch(`${server.url}/api/events`)).json()) as unknown[];
    expect(events.length).toBeGreaterThan(0);
    // Announced once both workers listen; one answering is not yet both (a loaded machine shows it).
    await until(
      async () => server.output(),
      (out) => out.includes('Workers: 2 processes on this port'),
      'the two-worker announcement',
    );

    process.kill(workers[0]!, 'SIGKILL');
    const replaced = await until(
      () => childrenOf(primary),
      (w) => w.length === 2 && !w.includes(workers[0]!),
      'a replacement worker',
    );
    expect(replaced).toContain(workers[1]!);
    for (let i = 0; i < 20; i += 1) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await childrenOf(primary)).toEqual([]);
  }, 120_000);
});
