// What one page costs to load: for every JS and CSS file the page actually loads in Chromium, the
// bytes on the wire (what the browser received, compressed as the server sent it), the file's raw
// size and its gzip -9 size. Used by bench/bundle and bench/compare.
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page, type Response } from '@playwright/test';

export type PageWeight = {
  jsWire: number;
  cssWire: number;
  encodings: string;
  js: number;
  css: number;
  jsRaw: number;
  cssRaw: number;
  files: number;
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * KiB per kind (wire, raw, gzip -9) of what `url` loads until the network is idle. `prepare` runs on
 * the page before it loads (e.g. an init script that signs in, for a page only a buyer sees).
 */
export async function measurePageWeight(
  browser: Browser,
  url: string,
  prepare?: (page: Page) => Promise<unknown>,
): Promise<PageWeight> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await prepare?.(page);
  const assets: {
    url: string;
    type: 'js' | 'css';
    raw: number;
    gzip: number;
    wire: number;
    encoding: string;
  }[] = [];
  const pending: Promise<void>[] = [];
  const record = async (res: Response) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await res.body().catch(() => null);
    if (!body) return;
    const sizes = await res.request().sizes();
    assets.push({
      wire: sizes.responseBodySize,
      encoding: (await res.headerValue('content-encoding')) ?? 'identity',
      url: res.url(),
      type: type === 'script' ? 'js' : 'css',
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  };
  page.on('response', (res) => {
    pending.push(record(res));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  // Scripts written into the HTML run like the files do (a server-rendered page carries its theme
  // script inline where a browser-rendered one fetches it): their code counts in the gzip -9 figures.
  // Data blocks (JSON-LD, state) are not code and are left out; the wire figures stay the files'.
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((s) => !/json/i.test(s.getAttribute('type') ?? ''))
      .map((s) => s.textContent ?? ''),
  );
  // Every response's sizes are read before the page (and its requests) go away.
  await Promise.all(pending);
  await page.close();
  if (process.env.BENCH_VERBOSE) {
    for (const a of [...assets].sort((x, y) => y.gzip - x.gzip)) {
      console.log(
        `   ${(a.wire / 1024).toFixed(1).padStart(6)} KiB ${a.encoding.padEnd(8)} ${(a.gzip / 1024).toFixed(1).padStart(6)} KiB gzip -9  ${a.url.split('/').pop()}`,
      );
    }
  }
  const sum = (t: 'js' | 'css', k: 'raw' | 'gzip' | 'wire') =>
    assets.filter((a) => a.type === t).reduce((n, a) => n + a[k], 0) / 1024;
  return {
    jsWire: sum('js', 'wire'),
    cssWire: sum('css', 'wire'),
    encodings: [...new Set(assets.map((a) => a.encoding))].join('+'),
    js: sum('js', 'gzip') + inline.reduce((n, code) => n + gzipSync(code, { level: 9 }).length, 0) / 1024,
    css: sum('css', 'gzip'),
    jsRaw: sum('js', 'raw') + inline.reduce((n, code) => n + Buffer.byteLength(code), 0) / 1024,
    cssRaw: sum('css', 'raw'),
    files: assets.length,
  };
}
