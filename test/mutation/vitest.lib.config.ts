import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The shared helpers of machines/lib (stryker.lib.config.mjs): nearly every machine imports them, so
// with the whole suite each of their mutants would run every model test (about 60 files, minutes a
// mutant on this machine). Their own test (lib.oracle.test.ts, each rule written from its
// description) runs in a fraction of a second. A mutant it kills is killed by the whole suite too,
// so the score is a lower bound of the whole suite's (decision 054, fourth pass).
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/machines/lib.oracle.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    reporters: ['default', './test/mutation/unloadableFileFails.ts'],
  },
});
