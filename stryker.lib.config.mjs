// @ts-check
// machines/lib with its own test only (test/mutation/vitest.lib.config.ts, decision 054 fourth pass):
//   npx stryker run stryker.lib.config.mjs --mutate 'machines/lib/*.ts'
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ['machines/lib/*.ts'],
  vitest: { ...base.vitest, configFile: 'test/mutation/vitest.lib.config.ts' },
};
