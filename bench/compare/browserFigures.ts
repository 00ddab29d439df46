// The browser-side figures of bench:compare, on the two builds served side by side: JS on the wire
// per public page (exact bytes: measured once per build) and Lighthouse pairs (base, head, base,
// head, … per page, interleaved so the machine's load falls on both; the median run of each).
import type { Figures } from '../lighthouseAudit';
import { audit, launchChrome, medianRun } from '../lighthouseAudit';
import { launchChromium, measurePageWeight } from '../pageWeight';
import type { Site } from '../site';

export type PageWeights = { name: string; base: number; head: number }[];

export async function jsOnTheWire(base: Site, head: Site): Promise<PageWeights> {
  const browser = await launchChromium();
  try {
    const rows: PageWeights = [];
    for (const [i, page] of head.pages.entries()) {
      const b = await measurePageWeight(browser, base.origin + base.pages[i]!.path);
      const h = await measurePageWeight(browser, head.origin + page.path);
      rows.push({ name: page.name, base: b.jsWire, head: h.jsWire });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

export type LighthousePair = { name: string; base: Figures; head: Figures };

export async function lighthousePairs(base: Site, head: Site, runs: number): Promise<LighthousePair[]> {
  const chrome = await launchChrome();
  try {
    const pairs: LighthousePair[] = [];
    for (const [i, page] of head.pages.entries()) {
      const b: Figures[] = [];
      const h: Figures[] = [];
      for (let r = 0; r < runs; r++) {
        // Alternating who goes first, so neither build always follows the other's warm caches.
        const order = r % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
        for (const which of order) {
          if (which === 'base') b.push(await audit(chrome.port, base.origin + base.pages[i]!.path));
          else h.push(await audit(chrome.port, head.origin + page.path));
        }
      }
      pairs.push({ name: page.name, base: medianRun(b), head: medianRun(h) });
    }
    return pairs;
  } finally {
    chrome.kill();
  }
}
