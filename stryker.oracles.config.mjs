// @ts-check
// The quick first pass of decision 054's third pass: the same run as stryker.config.mjs, with only
// the tests written apart from the generated paths (test/mutation/vitest.oracles.config.ts). Its
// survivors must then be tried with the whole suite (stryker.config.mjs) on their lines only, and the
// two reports merged: scripts/mutation-recheck.mjs.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { ...base.vitest, configFile: 'test/mutation/vitest.oracles.config.ts' },
};
