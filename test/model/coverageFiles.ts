import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Coverage is recorded to files while the suites run (vitest for the machine level, Playwright for
 * the browser level) and read afterwards by scripts/model-coverage.ts, so `npm test` runs each suite
 * once. Nothing is written unless MODEL_COVERAGE_DIR is set: an ad-hoc focused run leaves no stale
 * record behind for a later report to trust.
 */

export type Level = 'machine' | 'ui';
export type CoverageRecord = {
  level: Level;
  /** Where it was recorded: a vitest file or a browser flow. */
  source: string;
  machines: Record<string, { states: string[]; transitions: string[]; paths?: number }>;
};

export const coverageDir = () => process.env.MODEL_COVERAGE_DIR;

export function writeCoverage(name: string, record: CoverageRecord) {
  const dir = coverageDir();
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${record.level}-${name.replace(/[^\w.-]+/g, '_')}.json`),
    JSON.stringify(record),
  );
}

export function readCoverage(dir: string): CoverageRecord[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as CoverageRecord);
}
