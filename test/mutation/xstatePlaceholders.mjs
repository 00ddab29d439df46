// @ts-check
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/**
 * A Stryker ignorer (stryker.config.mjs): code in a machine's `setup({...})` that has no effect at
 * run time, so no test could tell a mutant of it from the original (decision 054):
 * - `types: {...}` is TypeScript's only (xstate reads nothing from it);
 * - placeholder actors (`fromPromise(async () => { throw new Error('… not provided') })`) and
 *   placeholder actions (`(_, _params) => {}`) stand until the page provides the real ones with
 *   `machine.provide`, which every page and every test does.
 * - setup()'s whole argument when it holds only those (emptying it changes nothing that runs).
 * Guards, delays and real actions in `setup` are mutated as usual.
 */

/** @param {import('@babel/core').NodePath} path */
const inSetupConfig = (path) => {
  const object = path.parentPath;
  const call = object?.parentPath;
  return (
    object?.isObjectExpression() === true &&
    call?.isCallExpression() === true &&
    call.get('callee').isIdentifier({ name: 'setup' })
  );
};

/** @param {import('@babel/core').NodePath} path */
const isPlaceholder = (path) => {
  if (!path.isArrowFunctionExpression() && !path.isFunctionExpression()) return false;
  const body = path.get('body');
  if (!body.isBlockStatement()) return false;
  const statements = body.get('body');
  if (statements.length === 0) return true;
  const only = statements[0];
  return (
    statements.length === 1 && only?.isThrowStatement() === true && /not provided/.test(only.getSource())
  );
};

/** @param {import('@babel/core').NodePath} path an entry of setup's `actors` or `actions` */
const placeholderEntry = (path) => {
  if (!path.isObjectProperty()) return false;
  const value = path.get('value');
  if (isPlaceholder(value)) return true;
  // fromPromise(placeholder) / fromCallback(placeholder)
  if (value.isCallExpression()) {
    const [first] = value.get('arguments');
    return value.get('arguments').length === 1 && first !== undefined && isPlaceholder(first);
  }
  return false;
};

/**
 * setup()'s argument when it holds nothing that runs: `types` and placeholder-only `actors` and
 * `actions` (no guards, delays or real actions). Emptied, the machine behaves the same wherever the
 * page provides the implementations, as every page and test does.
 * @param {import('@babel/core').NodePath} path
 */
const inertSetupArgument = (path) => {
  const call = path.parentPath;
  if (!path.isObjectExpression() || call?.isCallExpression() !== true) return false;
  if (!call.get('callee').isIdentifier({ name: 'setup' })) return false;
  return path.get('properties').every((p) => {
    if (!p.isObjectProperty() || !p.get('key').isIdentifier()) return false;
    const name = /** @type {string} */ (p.get('key').node.name);
    if (name === 'types') return true;
    if (name !== 'actors' && name !== 'actions') return false;
    const value = p.get('value');
    return (
      !Array.isArray(value) && value.isObjectExpression() && value.get('properties').every(placeholderEntry)
    );
  });
};

/** @param {import('@babel/core').NodePath} path */
const kindOf = (path) =>
  path.isObjectProperty() && inSetupConfig(path) && path.get('key').isIdentifier()
    ? /** @type {string} */ (path.get('key').node.name)
    : null;

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'xstate-placeholders', {
    /** @param {import('@babel/core').NodePath} path */
    shouldIgnore(path) {
      if (inertSetupArgument(path))
        return 'setup() holds only types and placeholders: emptied, the provided implementations still run';
      const kind = kindOf(path);
      if (kind === 'types') return "setup()'s types are TypeScript's only: no run-time effect";
      if (kind === 'actors' || kind === 'actions') {
        const value = path.get('value');
        const entries = !Array.isArray(value) && value.isObjectExpression() ? value.get('properties') : [];
        if (entries.length > 0 && entries.every(placeholderEntry))
          return 'placeholders only: every page and test provides the real ones';
      }
      const group = path.parentPath?.parentPath;
      if (group && placeholderEntry(path) && ['actors', 'actions'].includes(kindOf(group) ?? ''))
        return 'a placeholder the page replaces with machine.provide';
      return undefined;
    },
  }),
];
