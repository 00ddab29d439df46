import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts a Node child process running a TypeScript file and waits until `readyUrl` answers.
 * `tree` is the checkout the file is run from (bench:compare runs a base build's server).
 * `profile`: with BENCH_CPU_PROF set to a directory, this process writes a V8 CPU profile there
 * when it exits (Node refuses `--cpu-prof` in NODE_OPTIONS, so it goes on the command line).
 */
export async function startProcess(
  file: string,
  env: Record<string, string>,
  readyUrl: string,
  tree = root,
  profile = false,
): Promise<ChildProcess> {
  const dir = process.env.BENCH_CPU_PROF;
  const prof = profile && dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', path.join(tree, file)], {
    cwd: tree,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Generous: on a shared 2-core machine under load a server with its seeding can take minutes.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${file} exited with ${child.exitCode}`);
    try {
      const res = await fetch(readyUrl);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${file} did not become ready at ${readyUrl}`);
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/**
 * Loads the sample data into a bench's database: a production start never does (server/config.ts),
 * so a non-production start seeds it and stops, and the production server then finds it there.
 */
export async function loadSampleData(
  env: Record<string, string>,
  readyUrl: string,
  tree = root,
): Promise<void> {
  const seeder = await startProcess(
    'server/main.ts',
    {
      ...env,
      NODE_ENV: 'development',
      SEED_SAMPLE_DATA: 'true',
      SPA_DIR: path.join(tree, 'no-spa-for-seeding'),
    },
    readyUrl,
    tree,
  );
  await stopProcess(seeder);
}

export function fmt(n: number, digits = 1): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/**
 * A throw-away PostgreSQL database for a bench run on BENCH_POSTGRES_URL's server (default: the
 * local one), dropped by `drop()`. Null when BENCH_DATABASE=pglite asks for the embedded database.
 */
export async function benchDatabase(
  name: string,
): Promise<{ url: string; drop: () => Promise<void> } | null> {
  if (process.env.BENCH_DATABASE === 'pglite') return null;
  const { default: pg } = await import('pg');
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux; NaN elsewhere). The
 * difference over a sale is the work it cost that process, which a busy machine delays but does
 * not inflate much: a figure that stays comparable when the wall-clock ratios do not.
 */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
