import path from 'node:path';
import { build, type Plugin } from 'vite';
import { afterBuild } from './afterBuild.js';

/** The server entry of the public pages (docs/decisions/018-server-rendering.md). */
export const SSR_ENTRY = 'src/entry-server.tsx';
/** Inside the browser build: a dot folder, which @fastify/static never serves. */
export const SSR_DIR = '.ssr';

/**
 * After the browser build, builds the server-rendering bundle of the same sources (same config, so
 * vanilla-extract gives the same class names) into `<outDir>/.ssr/entry-server.js`. One `vite build`
 * therefore still makes everything `npm start`, the e2e server and the benchmarks serve.
 */
export function ssrBundle(): Plugin {
  return afterBuild('gatepass:ssr-bundle', async (outDir, config) => {
    await build({
      root: config.root,
      configFile: config.configFile,
      mode: config.mode,
      logLevel: config.logLevel,
      // Self-contained, React and the router included, in production mode whatever NODE_ENV the
      // server later runs with (react-dom/server's development build is slow and prints stacks).
      ssr: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        ssr: SSR_ENTRY,
        outDir: path.join(outDir, SSR_DIR),
        emptyOutDir: true,
        copyPublicDir: false,
      },
    });
  });
}
