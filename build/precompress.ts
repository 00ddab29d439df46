import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBuild } from './afterBuild.js';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images (WebP, PNG) and fonts (WOFF2) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than the headers cost; @fastify/static then sends the file. */
const MIN_BYTES = 512;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Dot folders (.vite's manifest, .ssr's server bundle) are never served: nothing to compress.
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* filesUnder(full);
    } else yield full;
  }
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip -9) beside every text file of the build,
 * once, at build time, so the server never spends CPU compressing static assets per request:
 * @fastify/static's `preCompressed` picks the variant the browser accepts (see server/http/spa.ts).
 * A copy that is not smaller than the original is not written.
 */
export function precompress(): Plugin {
  return afterBuild('gatepass:precompress', async (outDir) => {
    const jobs: Promise<void>[] = [];
    for await (const file of filesUnder(outDir)) {
      if (!COMPRESSIBLE.test(file)) continue;
      if ((await stat(file)).size < MIN_BYTES) continue;
      jobs.push(
        (async () => {
          const raw = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
        })(),
      );
    }
    await Promise.all(jobs);
  });
}
