/**
 * The API server as bench/flash-sale.ts runs it: server/main.ts, with every database round trip
 * counted. Safe by construction: the counting lives only in this bench file (the app has no flag
 * for it), it keeps only each statement's shape (its first words, never a parameter) with a count
 * and the time it took, and it writes them only to the file QUERY_COUNT_FILE names, when the bench
 * sends SIGUSR2 (then it starts counting afresh).
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';

type Tally = { count: number; ms: number };
let tallies = new Map<string, Tally>();

/** A statement's shape: its SQL with runs of whitespace folded, cut after 90 characters. */
function shapeOf(query: unknown): string {
  const text = typeof query === 'string' ? query : ((query as { text?: string })?.text ?? '?');
  return text.replace(/\s+/g, ' ').trim().slice(0, 90);
}

/**
 * FLASH_TRACE=1: each round trip also goes to stderr as it ends — when it started (ms since the
 * process began), how long it took, how many parameters it carried (an array's items each) and its shape — a timeline of
 * one sale's batches (which ran one after another, which waited for which).
 */
const TRACE = process.env.FLASH_TRACE === '1';

function record(shape: string, started: number, params = 0) {
  if (TRACE)
    process.stderr.write(
      `trip ${started.toFixed(1)} +${(performance.now() - started).toFixed(1)} ms p=${params} ${shape.slice(0, 50)}\n`,
    );
  const t = tallies.get(shape) ?? { count: 0, ms: 0 };
  t.count += 1;
  t.ms += performance.now() - started;
  tallies.set(shape, t);
}

const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  const shape = shapeOf(args[0]);
  const started = performance.now();
  const values = (Array.isArray(args[1]) ? args[1] : (args[0] as { values?: unknown[] })?.values) ?? [];
  // An array parameter (a batch's buyers, a look-up's hashes) counts as its length.
  const params = values.reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 1), 0);
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (...result: unknown[]) => {
      record(shape, started, params);
      return (callback as (...a: unknown[]) => unknown)(...result);
    };
    return original.apply(this, args);
  }
  const result = original.apply(this, args) as { then?: unknown; finally?: (f: () => void) => unknown };
  if (typeof result?.then === 'function' && typeof result.finally === 'function')
    return result.finally(() => record(shape, started, params));
  return result;
} as typeof pg.Client.prototype.query;

const file = process.env.QUERY_COUNT_FILE;
if (file)
  process.on('SIGUSR2', () => {
    const rows = [...tallies].map(([shape, t]) => ({ shape, ...t })).sort((a, b) => b.count - a.count);
    tallies = new Map();
    writeFileSync(file, JSON.stringify(rows));
  });

await import('../server/main');
