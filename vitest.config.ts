import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // Two forks on the 2-core CI machine (vitest's default there is one): much of an API file's time
    // is spent waiting on PostgreSQL, spawned servers and timers, so a second file overlaps it; each
    // file has its own databases (test/helpers/databases.ts), so files never share rows.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    environment: 'node',
    // Records which states and transitions the machine tests' real actors took (MODEL_COVERAGE_DIR).
    setupFiles: ['test/setup/recordMachineCoverage.ts'],
  },
});
