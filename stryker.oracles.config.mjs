// @ts-check
// The quick first pass of decision 054's third pass: the same run as stryker.config.mjs, with only
// the tests written apart from the generated paths (test/mutation/vitest.oracles.config.ts). Its
// survivors must then be tried with the whole suite: drop them from the incremental file and run
// `npx stryker run --mutate <file>` (scripts/mutation-survivors.mjs drops them).
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { ...base.vitest, configFile: 'test/mutation/vitest.oracles.config.ts' },
};
