// One Lighthouse 12 run (mobile preset: simulated slow 4G, 4× CPU slowdown, its default
// configuration) of one URL in an already running Chromium. Used by bench/lighthouse and
// bench/compare. BENCH_DETAIL=1 also prints where the main thread's time went.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { fmt } from './lib';

export type Figures = { performance: number; fcp: number; lcp: number; tbt: number; cls: number };

export function launchChrome() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
}

export async function audit(chromePort: number, url: string, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // NO_NAVSTART: Lighthouse lost the trace's navigation start (seen when the machine is busy); the
  // page was not measured, so it is measured again.
  if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt < 3) return audit(chromePort, url, attempt + 1);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (process.env.BENCH_DETAIL) printMainThread(url, lhr);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

/** The median run by performance score. */
export function medianRun(all: Figures[]): Figures {
  const sorted = [...all].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Where the main thread's time went: Lighthouse's work breakdown, bootup-time and long tasks. */
function printMainThread(url: string, lhr: import('lighthouse').Result) {
  type Row = Record<string, unknown>;
  const rows = (id: string) =>
    ((lhr.audits[id]?.details as { items?: Row[] } | undefined)?.items ?? []) as Row[];
  console.log(`  ${url}: TBT ${fmt(lhr.audits['total-blocking-time']?.numericValue ?? 0, 0)} ms`);
  for (const r of rows('mainthread-work-breakdown'))
    console.log(`    ${String(r.groupLabel).padEnd(34)} ${fmt(Number(r.duration), 0).padStart(6)} ms`);
  for (const r of rows('bootup-time'))
    console.log(
      `    ${String(r.url).split('/').pop()!.padEnd(34)} total ${fmt(Number(r.total), 0)} ms, script ${fmt(Number(r.scripting), 0)} ms, parse ${fmt(Number(r.scriptParseCompile), 0)} ms`,
    );
  for (const r of rows('long-tasks'))
    console.log(
      `    long task ${String(r.url).split('/').pop()} at ${fmt(Number(r.startTime), 0)} ms: ${fmt(Number(r.duration), 0)} ms`,
    );
}
