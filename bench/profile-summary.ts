/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. the flash sale's server with
 * BENCH_CPU_PROF=<dir>): where the process spent its samples, by function (self time) and by
 * source file (self time), and the inclusive time of the functions whose names are given.
 *
 *   tsx bench/profile-summary.ts <file.cpuprofile> [top=25] [function names to total inclusively…]
 *
 * PROFILE_FROM / PROFILE_TO (seconds since the profile began) keep only the samples in between,
 * e.g. the sale's rounds rather than the server's start; PROFILE_TIMELINE=1 prints, per tenth of a
 * second, how busy the process was and how much of that was HTTP, to find those windows.
 */
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, topArg, ...names] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary <file.cpuprofile> [top] [names…]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const from = Number(process.env.PROFILE_FROM ?? 0) * 1e6;
const to = Number(process.env.PROFILE_TO ?? Number.POSITIVE_INFINITY) * 1e6;
const isIdle = (id: number) => byId.get(id)!.callFrame.functionName === '(idle)';
const inHttp = (id: number) => {
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur))
    if (/^node:_http|^node:net/.test(byId.get(cur)!.callFrame.url)) return true;
  return false;
};

// Self time per node: each sample's delta goes to the node sampled.
const selfUs = new Map<number, number>();
const timeline = new Map<number, { all: number; busy: number; http: number }>();
let at = 0;
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  at += us;
  const tenth = Math.floor(at / 1e5);
  const t = timeline.get(tenth) ?? { all: 0, busy: 0, http: 0 };
  t.all += us;
  if (!isIdle(id)) t.busy += us;
  if (inHttp(id)) t.http += us;
  timeline.set(tenth, t);
  if (at >= from && at < to) selfUs.set(id, (selfUs.get(id) ?? 0) + us);
});
if (process.env.PROFILE_TIMELINE)
  for (const [tenth, t] of timeline)
    console.log(
      `${(tenth / 10).toFixed(1).padStart(6)} s  busy ${((100 * t.busy) / t.all).toFixed(0).padStart(3)} %  http ${((100 * t.http) / t.all).toFixed(0).padStart(3)} %`,
    );
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*node_modules\//, 'nm:')
    .replace(/^.*\/(server|contract|bench)\//, '$1/');
const label = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

function tally(key: (n: Node) => string) {
  const m = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const k = key(byId.get(id)!);
    m.set(k, (m.get(k) ?? 0) + us);
  }
  return [...m].sort((a, b) => b[1] - a[1]);
}

const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`;

console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled`);
console.log('\nSelf time by function:');
for (const [k, us] of tally(label).slice(0, top)) console.log(`${ms(us)} ${pct(us)}  ${k}`);
console.log('\nSelf time by package or source file:');
for (const [k, us] of tally((n) => {
  const u = shortUrl(n.callFrame.url);
  if (u.startsWith('nm:'))
    return u
      .split('/')
      .slice(0, u.startsWith('nm:@') ? 2 : 1)
      .join('/');
  return u || `(${n.callFrame.functionName})`;
}).slice(0, top))
  console.log(`${ms(us)} ${pct(us)}  ${k}`);

if (names.length) {
  console.log('\nInclusive time (a sample counts once if any frame above it has the name):');
  for (const name of names) {
    let us = 0;
    for (const [id, t] of selfUs) {
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur))
        if (byId.get(cur)!.callFrame.functionName === name) {
          us += t;
          break;
        }
    }
    console.log(`${ms(us)} ${pct(us)}  ${name}`);
  }
}
