import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * A build-only plugin whose one job runs once the bundle is written (closeBundle), given the build's
 * output folder as an absolute path and the resolved config it came from.
 */
export function afterBuild(
  name: string,
  job: (outDir: string, config: ResolvedConfig) => Promise<void>,
): Plugin {
  let config: ResolvedConfig;
  return {
    name,
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await job(path.resolve(config.root, config.build.outDir), config);
    },
  };
}
