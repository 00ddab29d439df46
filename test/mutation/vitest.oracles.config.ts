import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// A first, quick pass of StrykerJS (stryker.oracles.config.mjs): only the tests written apart from
// the generated paths (the oracle tests, the shape tests, the direct rules tests), which run in a
// fraction of a second, where a big flow's generated paths take 5–30 s a mutant on a loaded machine.
// A mutant these kill is killed by the whole suite too (it contains them); the survivors are then
// tried against the whole suite (vitest.mutation.config.ts) on their lines and the reports merged
// (scripts/mutation-recheck.mjs), so the score is the whole suite's (decision 054, third pass).
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: [
      'test/machines/**/*.shape.test.ts',
      'test/machines/**/*.oracle*.test.ts',
      'test/machines/checkoutAnswers.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    reporters: ['default', './test/mutation/unloadableFileFails.ts'],
  },
});
