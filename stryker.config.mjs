// @ts-check
// Mutation testing of the flow machines (docs/decisions/054-mutation-testing.md): do the generated
// model tests (test/machines) notice when a machine is changed? `npm run test:mutation` runs all of
// machines/ (about an hour on one core); `npm run test:mutation -- --mutate machines/foo.machine.ts`
// one machine. Results are kept per mutant in the incremental file, so a run only tries again the
// mutants whose code or covering tests changed since the last one. A 'static' mutant (nearly all of
// a machine's) has no covering tests by name, so its survival is kept even after its model test
// changed: drop that file from the incremental file first (scripts/mutation-changed.mjs does).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner', './test/mutation/xstatePlaceholders.mjs'],
  ignorers: ['xstate-placeholders'],
  mutate: ['machines/**/*.ts'],
  coverageAnalysis: 'perTest',
  // A machine's config is built when its module loads, so nearly every mutant of a machine is
  // 'static' (Stryker cannot tell which test covers it) and is tried against all of that machine's
  // related test files (vitest.related) rather than the covering tests only. They are the point.
  ignoreStatic: false,
  concurrency: 1,
  timeoutMS: 10_000,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 75, break: null },
  tempDirName: '.stryker-tmp',
  // Stryker rewrites the tsconfig's `extends` and `references` for its sandbox with TypeScript's JS
  // API, which TypeScript 7 (the Go compiler) no longer has. Ours has neither, so nothing is to be
  // rewritten: point Stryker at a tsconfig that does not exist and the step is skipped.
  tsconfigFile: 'tsconfig.stryker-none.json',
  // Only what the model tests load goes into the sandbox.
  ignorePatterns: [
    '/*',
    '!/machines',
    '!/contract',
    '!/test',
    '!/src',
    '!/server',
    '!/package.json',
    '!/tsconfig.json',
    '!/vitest.mutation.config.ts',
  ],
};
