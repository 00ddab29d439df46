// The base build for bench:compare: a detached git worktree of the base commit in the temp folder,
// with node_modules hard-linked from this checkout when the lockfiles are the same (`cp -al`: a few
// seconds, no disk), installed with `npm ci --prefer-offline` otherwise. This checkout's bench/
// folder is copied over the base's: both builds are measured by the same instrument (load
// generator, rounds, page list); everything they serve is their own.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
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

export type BaseTree = { dir: string; remove: () => void };

export function prepareBaseTree(sha: string): BaseTree {
  const dir = path.join(tmpdir(), `gatepass-compare-${sha.slice(0, 12)}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  git('worktree', 'add', '--detach', '--force', dir, sha);
  const remove = () => {
    try {
      git('worktree', 'remove', '--force', dir);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      git('worktree', 'prune');
    }
  };
  try {
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
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
