// The base build for bench:compare: a detached git worktree of the base commit in the temp folder,
// with node_modules hard-linked from this checkout when the lockfiles are the same (`cp -al`: a few
// seconds, no disk), installed with `npm ci --prefer-offline` otherwise. This checkout's bench/
// folder is copied over the base's: both builds are measured by the same instrument (load
// generator, rounds, page list); everything they serve is their own.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../lib';

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/**
 * The commit to compare with: the argument; else BENCH_BASE; else in CI the previous main (HEAD~1:
 * CI runs on main after the change landed); else where this branch left main.
 */
export function resolveBase(arg: string | undefined, ci: boolean): { sha: string; how: string } {
  const asked = arg ?? process.env.BENCH_BASE;
  if (asked) return { sha: git('rev-parse', '--verify', `${asked}^{commit}`), how: asked };
  if (ci) return { sha: git('rev-parse', '--verify', 'HEAD~1^{commit}'), how: 'HEAD~1 (the previous main)' };
  return { sha: git('merge-base', 'HEAD', 'main'), how: 'merge base with main' };
}

export function describeHead(): string {
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted changes' : ''}`;
}

export type BaseTree = { dir: string; built: boolean; remove: () => void };

/** The base's production build, made in its worktree (by `--prepare` or by the run itself). */
export const BASE_SPA = 'dist-bench-compare';
const READY = '.bench-compare-ready';

/**
 * The base's worktree. One that `bench:compare --prepare` left ready for this very commit (CI
 * prepares it while the tests run) is taken as it is, build included.
 */
export function prepareBaseTree(sha: string): BaseTree {
  const dir = path.join(tmpdir(), `gatepass-compare-${sha.slice(0, 12)}`);
  const remove = () => {
    try {
      git('worktree', 'remove', '--force', dir);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      git('worktree', 'prune');
    }
  };
  const ready = path.join(dir, READY);
  if (existsSync(ready) && readFileSync(ready, 'utf8') === sha) return { dir, built: true, remove };
  rmSync(dir, { recursive: true, force: true });
  git('worktree', 'prune');
  try {
    git('worktree', 'add', '--detach', '--force', dir, sha);
    const lock = (tree: string) => readFileSync(path.join(tree, 'package-lock.json'), 'utf8');
    if (lock(dir) === lock(root) && existsSync(path.join(root, 'node_modules'))) {
      execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
      // Caches are rewritten in place by their tools: the base gets its own, not links to ours.
      for (const cache of ['.vite', '.cache', '.vite-temp'])
        rmSync(path.join(dir, 'node_modules', cache), { recursive: true, force: true });
    } else {
      console.log('bench:compare: the base has other packages; npm ci --prefer-offline in its worktree');
      execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: dir,
        stdio: 'inherit',
      });
    }
    rmSync(path.join(dir, 'bench'), { recursive: true, force: true });
    cpSync(path.join(root, 'bench'), path.join(dir, 'bench'), { recursive: true });
    return { dir, built: false, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Marks a prepared worktree (built) as ready for a later run of the same base. */
export function markReady(tree: BaseTree, sha: string) {
  writeFileSync(path.join(tree.dir, READY), sha);
}
