/**
 * `npm run bench:workers`: bench/flash-sale and bench/api, each with WORKERS=1 and then WORKERS=2
 * in the same run, and what the second worker buys (2 workers ÷ 1). Each bench's own output is
 * printed as it comes; the load average (`uptime`) is printed around each, since the figures move
 * with whatever else the machine runs. Takes about ten minutes with the benches' defaults.
 */
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fmt, root } from './lib';

const loadAverage = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load average: /, '');

function runBench(file: string, workers: number): Promise<string> {
  return new Promise((resolve, reject) => {
    console.log(`\n=== ${file} with WORKERS=${workers} (load average ${loadAverage()}) ===`);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, file)], {
      cwd: root,
      env: { ...process.env, WORKERS: String(workers) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${file} exited with ${code}`)),
    );
  });
}

const number = (text: string, pattern: RegExp) => {
  const m = text.match(pattern);
  if (!m) throw new Error(`bench output lacks ${pattern}`);
  return Number(m[1]!.replaceAll(',', ''));
};

type Row = { metric: string; one: number; two: number };
const rows: Row[] = [];
const loads: string[] = [];

const flash: string[] = [];
for (const workers of [1, 2]) {
  loads.push(loadAverage());
  flash.push(await runBench('bench/flash-sale.ts', workers));
}
for (const [metric, pattern] of [
  ['flash sale: orders won/s (median)', /won\/s \(median\)\s+([\d,.]+)/],
  ['flash sale: ratio to the HTTP ceiling', /ratio to HTTP ceiling\s+([\d.]+)/],
] as const)
  rows.push({ metric, one: number(flash[0]!, pattern), two: number(flash[1]!, pattern) });

const api: string[] = [];
for (const workers of [1, 2]) {
  loads.push(loadAverage());
  api.push(await runBench('bench/api.ts', workers));
}
loads.push(loadAverage());
for (const endpoint of ['/api/events', '/api/events/:id', '/api/tickets/event/:id']) {
  // "GET <endpoint>  <body B>  <bare req/s>  <ours req/s> ..." — ours is the fourth column.
  const escaped = endpoint.replace(/[/:]/g, (c) => `\\${c}`);
  const pattern = new RegExp(`^GET ${escaped}\\s+\\d+\\s+[\\d,]+\\s+([\\d,]+)`, 'm');
  rows.push({
    metric: `api: GET ${endpoint} req/s`,
    one: number(api[0]!, pattern),
    two: number(api[1]!, pattern),
  });
  // Against the single-process bare server measured in the same rounds: the figure the load moves least.
  const versusBare = new RegExp(`^GET ${escaped}\\s.*\\s([\\d.]+)×$`, 'm');
  rows.push({ metric: '  ours ÷ bare', one: number(api[0]!, versusBare), two: number(api[1]!, versusBare) });
}

console.log(`\nbench/workers — same run; load average before each bench and at the end:`);
console.log(`  ${loads.join('  |  ')}`);
console.log('metric                                  WORKERS=1     WORKERS=2     2 ÷ 1');
for (const r of rows)
  console.log(
    `${r.metric.padEnd(38)}  ${fmt(r.one, 2).padStart(10)}    ${fmt(r.two, 2).padStart(10)}    ${fmt(r.two / r.one, 2).padStart(5)}×`,
  );
