import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The Node this project says it runs on (package.json `engines.node`) is one every installed package
 * accepts, so `npm ci` prints no EBADENGINE on the machines we run (Node 20 here) — checked against
 * package-lock.json, the exact tree `npm ci` installs.
 */
const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('Node engines', () => {
  const ours: string = pkg.engines.node;
  const lowest = semver.minVersion(ours)!;

  it('the Node running the tests is one package.json accepts', () => {
    expect(semver.satisfies(process.version, ours)).toBe(true);
  });

  it('every package in the lockfile accepts the lowest Node package.json allows', () => {
    const refusing = Object.entries(lock.packages)
      // Optional platform packages that refuse this Node are skipped by npm without a warning.
      .filter(([name, p]) => name.startsWith('node_modules/') && !p.optional)
      .flatMap(([name, p]) => {
        const wanted = !Array.isArray(p.engines) ? p.engines?.node : undefined;
        return wanted && !semver.satisfies(lowest, wanted) ? [`${name} wants node ${wanted}`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
