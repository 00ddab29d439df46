// bench:compare [base]: is this checkout slower or heavier than `base`? Builds the base commit in a
// worktree (bench/compare/baseTree.ts) and measures both builds on this machine in the same run:
// the flash sale and the list API in alternating rounds (base, head; then head, base; …), each head
// round divided by its base round; JS on the wire per public page; Lighthouse pairs (interleaved,
// median of BENCH_LIGHTHOUSE_RUNS, default 3). Prints every figure as a ratio of the base with a
// verdict: a change larger than the spread of the round ratios (the noise this run measured) is
// slower or faster, a smaller one is the same within noise. Exits 1 when the flash sale or the list
// API is slower by more than 15 %, or a public page gains more than 2 KiB of JS on the wire.
//
// Base: the argument, else BENCH_BASE, else with --ci (or CI=true) HEAD~1, else the merge base with
// main. --ci: fewer rounds and no Lighthouse unless BENCH_LIGHTHOUSE=1 (decision 052).
// --prepare: only make the base's worktree and build, and leave them for the next run (CI does this
// while its tests run; nothing is measured then). BENCH_COMPARE_ROUNDS overrides the rounds;
// BENCH_HEAD_SPA_DIR reuses a production build of this checkout (CI's browser-test build).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { BASE_SPA, describeHead, markReady, prepareBaseTree, resolveBase } from './compare/baseTree';
import {
  jsOnTheWire,
  type LighthousePair,
  lighthousePairs,
  type PageWeights,
} from './compare/browserFigures';
import { flashSale, listApi, type ServerBenchSize } from './compare/serverFigures';
import { compareRates, compareWeight, median } from './compare/verdict';
import { fmt, root } from './lib';
import { buildSpa, type Site, startSite } from './site';

const args = process.argv.slice(2);
const ci = args.includes('--ci') || process.env.CI === 'true';
const baseArg = args.find((a) => !a.startsWith('--'));
const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 3);
// A drop past the allowed one that the noise could explain gets more rounds, up to this many.
const maxRounds = rounds + 2;
const lighthouseRuns = Number(
  process.env.BENCH_LIGHTHOUSE_RUNS ?? (ci && process.env.BENCH_LIGHTHOUSE !== '1' ? 0 : 3),
);
const size: ServerBenchSize = {
  apiSeconds: Number(process.env.BENCH_SECONDS ?? (ci ? 4 : 8)),
  // The flash sale of decision 012 measures pgbench before and after: not needed to compare builds.
  flashEnv: { PGBENCH_SECONDS: '0', FLASH_BUYERS: '1500' },
};
const ALLOWED_DROP = 0.15;
const ALLOWED_KIB = 2;
const PORTS = { baseSite: 4570, headSite: 4571, flash: 4572, api: 4574 };
const load = () =>
  loadavg()
    .map((n) => fmt(n, 2))
    .join(' ');

const began = Date.now();
const base = resolveBase(baseArg, ci);
const head = describeHead();
const loads = [load()];
console.log(
  `bench:compare — base ${base.sha.slice(0, 7)} (${base.how}) vs head ${head}; ${rounds} rounds${ci ? ' (CI)' : ''}; load average ${loads[0]}`,
);
const tree = prepareBaseTree(base.sha);
if (args.includes('--prepare')) {
  const ok = tree.built || buildSpa(BASE_SPA, tree.dir);
  if (ok) markReady(tree, base.sha);
  else tree.remove();
  console.log(`bench:compare: base ${ok ? 'prepared' : 'build FAILED'} in ${tree.dir}`);
  process.exit(ok ? 0 : 1);
}
const step = (what: string) => console.log(`  … ${what} (${Math.round((Date.now() - began) / 1000)} s)`);

try {
  const trees = { base: tree.dir, head: root };
  // Server figures first, with nothing else of ours running.
  const flash = { base: [] as number[], head: [] as number[] };
  const list = { base: [] as number[], head: [] as number[] };
  const trips = { base: [] as number[], head: [] as number[] };
  let unit = '';
  const round = async (r: number) => {
    const order = r % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const);
    for (const which of order) {
      const f = await flashSale(trees[which], PORTS.flash, size);
      flash[which].push(f.flash);
      unit = f.flashUnit;
      if (f.roundTrips !== null) trips[which].push(f.roundTrips);
    }
    for (const which of order) list[which].push(await listApi(trees[which], PORTS.api, size));
    loads.push(load());
    step(
      `round ${r + 1}: flash ${fmt(flash.head.at(-1)! / flash.base.at(-1)!, 2)}×, list ${fmt(list.head.at(-1)! / list.base.at(-1)!, 2)}× of base`,
    );
  };
  let r = 0;
  for (; r < rounds; r++) await round(r);
  while (
    r < maxRounds &&
    [
      compareRates(flash.base, flash.head, ALLOWED_DROP),
      compareRates(list.base, list.head, ALLOWED_DROP),
    ].some((v) => v.verdict === 'inconclusive')
  )
    await round(r++);

  // Then the two builds side by side for the browser figures.
  step('building the two SPAs');
  const given = process.env.BENCH_HEAD_SPA_DIR;
  const reuse = given && existsSync(path.join(root, given, 'index.html'));
  const headSpa = reuse ? given : BASE_SPA;
  if (!reuse && !buildSpa(headSpa)) throw new Error('the head build failed');
  if (!tree.built && !buildSpa(BASE_SPA, tree.dir)) throw new Error('the base build failed');
  const sites: Site[] = [];
  let weights: PageWeights = [];
  let pairs: LighthousePair[] = [];
  try {
    sites.push(await startSite(PORTS.baseSite, BASE_SPA, tree.dir));
    sites.push(await startSite(PORTS.headSite, headSpa));
    step('JS on the wire');
    weights = await jsOnTheWire(sites[0]!, sites[1]!);
    if (lighthouseRuns > 0) {
      step(`Lighthouse, ${lighthouseRuns} interleaved runs per page and build`);
      pairs = await lighthousePairs(sites[0]!, sites[1]!, lighthouseRuns);
    }
  } finally {
    for (const s of sites) await s.stop();
  }
  loads.push(load());

  console.log(
    `\nbench:compare — head ${head} ÷ base ${base.sha.slice(0, 7)} (${base.how}), same machine, same run; ${r} alternating rounds; load average ${loads.join(' → ')}\n`,
  );
  console.log('figure                          base         head   head ÷ base   noise (±)   verdict');
  let failed = false;
  const rate = (
    name: string,
    values: { base: number[]; head: number[] },
    digits: number,
    unitName: string,
  ) => {
    const v = compareRates(values.base, values.head, ALLOWED_DROP);
    failed ||= v.fails;
    console.log(
      `${`${name} (${unitName})`.padEnd(30)} ${fmt(median(values.base), digits).padStart(6)}  ${fmt(median(values.head), digits).padStart(11)}   ${fmt(v.ratio, 2).padStart(10)}×   ${`${fmt(v.noise * 100, 0)} %`.padStart(9)}   ${v.verdict}${v.fails ? ` — FAIL (more than ${ALLOWED_DROP * 100} % slower)` : ''}`,
    );
  };
  rate('flash sale', flash, unit.startsWith('×') ? 2 : 0, unit);
  if (trips.base.length && trips.head.length)
    console.log(
      `${'  round trips per order'.padEnd(30)} ${fmt(median(trips.base), 2).padStart(6)}  ${fmt(median(trips.head), 2).padStart(11)}   ${fmt(median(trips.head) / median(trips.base), 2).padStart(10)}×`,
    );
  rate('GET /api/events', list, 0, 'req/s');
  for (const w of weights) {
    const v = compareWeight(w.base, w.head, ALLOWED_KIB);
    failed ||= v.fails;
    console.log(
      `${`${w.name} JS on the wire (KiB)`.padEnd(30)} ${fmt(w.base).padStart(6)}  ${fmt(w.head).padStart(11)}   ${fmt(v.ratio, 2).padStart(10)}×   ${'exact'.padStart(9)}   ${v.deltaKiB >= 0 ? '+' : ''}${fmt(v.deltaKiB)} KiB${v.fails ? ` — FAIL (more than ${ALLOWED_KIB} KiB more)` : ''}`,
    );
  }
  for (const p of pairs)
    console.log(
      `${`${p.name} Lighthouse`.padEnd(30)} ${String(p.base.performance).padStart(6)}  ${String(p.head.performance).padStart(11)}   ${fmt(p.head.performance / p.base.performance, 2).padStart(10)}×   ${''.padStart(9)}   TBT ${fmt(p.base.tbt, 0)} → ${fmt(p.head.tbt, 0)} ms, LCP ${fmt(p.base.lcp / 1000, 2)} → ${fmt(p.head.lcp / 1000, 2)} s (median of ${lighthouseRuns})`,
    );
  if (lighthouseRuns === 0) console.log('Lighthouse pairs: not run (CI mode; BENCH_LIGHTHOUSE=1 adds them)');
  console.log(
    `\nbench:compare: ${failed ? 'FAIL' : 'ok'} in ${Math.round((Date.now() - began) / 1000)} s (fails on > ${ALLOWED_DROP * 100} % slower beyond noise, > ${ALLOWED_KIB} KiB JS more on a public page)`,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  tree.remove();
}
