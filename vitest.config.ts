import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // API suites each boot an in-memory database; a single fork keeps memory and CPU bounded on 2 cores.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    environment: 'node',
    // Records which states and transitions the machine tests' real actors took (MODEL_COVERAGE_DIR).
    setupFiles: ['test/setup/recordMachineCoverage.ts'],
  },
});
