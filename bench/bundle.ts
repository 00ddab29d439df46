// bench/bundle: builds the SPA, serves it with the real server, opens the home page, the listing
// and an event page in Chromium and adds up, for every JS and CSS file each page actually loads,
// the bytes on the wire (what the browser received, compressed as the server sent it) and the gzip -9
// size of the same files (bench/pageWeight.ts). Prints them against our budgets (on the wire:
// 125 KiB JS, 15 KiB CSS per page, decision 018; gzip -9: 100 KiB JS, decision 007) and the Hi.Events
// public event page figures as published (341 KiB JS, 42 KiB CSS gzip).
import { fmt } from './lib';
import { launchChromium, measurePageWeight } from './pageWeight';
import { buildSpa, startSite } from './site';

const port = Number(process.env.BENCH_PORT ?? 4391);
const outDir = 'dist-bench';
const BUDGET = { js: 100, css: 15 };
const WIRE_BUDGET = { js: 125, css: 15 };
const HI_EVENTS = { js: 341, css: 42 };

if (!buildSpa(outDir)) process.exit(1);
const site = await startSite(port, outDir);
const browser = await launchChromium();

try {
  console.log(
    '\nbench/bundle — JS and CSS loaded by each page: bytes on the wire (as received) and gzip -9 of the same files\n',
  );
  console.log(
    'page         JS wire KiB   CSS wire KiB   encoding   JS gzip KiB   CSS gzip KiB   files   wire JS vs budget   JS vs Hi.Events   CSS vs Hi.Events',
  );
  let over = false;
  for (const p of site.pages) {
    const m = await measurePageWeight(browser, site.origin + p.path);
    over ||=
      m.js > BUDGET.js || m.css > BUDGET.css || m.jsWire > WIRE_BUDGET.js || m.cssWire > WIRE_BUDGET.css;
    console.log(
      `${p.name.padEnd(12)} ${fmt(m.jsWire).padStart(11)}   ${fmt(m.cssWire).padStart(12)}   ${m.encodings.padEnd(8)}   ${fmt(m.js).padStart(11)}   ${fmt(m.css).padStart(12)}   ${String(m.files).padStart(5)}   ${fmt(m.jsWire / WIRE_BUDGET.js, 2).padStart(16)}×   ${fmt(m.js / HI_EVENTS.js, 2).padStart(14)}×   ${fmt(m.css / HI_EVENTS.css, 2).padStart(15)}×`,
    );
  }
  console.log(
    `\nbudgets per page: on the wire ${WIRE_BUDGET.js} KiB JS, ${WIRE_BUDGET.css} KiB CSS; gzip -9 ${BUDGET.js} KiB JS, ${BUDGET.css} KiB CSS; Hi.Events public event page: ${HI_EVENTS.js} KiB JS, ${HI_EVENTS.css} KiB CSS (published figures, not measured here)`,
  );
  console.log(over ? 'RESULT: over budget' : 'RESULT: within budget');
} finally {
  await browser.close();
  await site.stop();
}
