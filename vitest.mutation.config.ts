import { defineConfig } from 'vitest/config';

// The suite StrykerJS runs against each mutant of machines/ (stryker.config.mjs): the generated
// model tests only. No coverage recorder (it mocks createActor to watch the actors; Stryker needs
// nothing of it) and no API suites (they never import a machine).
export default defineConfig({
  test: {
    include: ['test/machines/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    reporters: ['default', './test/mutation/unloadableFileFails.ts'],
  },
});
