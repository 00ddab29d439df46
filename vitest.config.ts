import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
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
    projects: [
      {
        // The API suites each import the whole server (Fastify, drizzle, PGlite, pdfkit, every
        // contract): in a fresh process per file that import was most of a file's time. They keep
        // no state in modules (every app, database and uploads folder is the file's own, see
        // test/helpers/testApp.ts; the server's caches are keyed by app), so a worker runs file
        // after file with the modules it already loaded.
        extends: true,
        test: { name: 'api', include: ['test/api/**/*.test.ts'], isolate: false },
      },
      {
        // Machines and units use fake timers and module mocks: each file in a process of its own.
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'test/api/**'],
        },
      },
    ],
  },
});
