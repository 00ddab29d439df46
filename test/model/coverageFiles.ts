import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/**
 * Adds to what `name` recorded before in this run: a Playwright worker restarted after a failure
 * (or a retry) writes again, and must not wipe what the first worker saw.
 */
export function writeCoverage(name: string, record: CoverageRecord) {
  const dir = coverageDir();
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${record.level}-${name.replace(/[^\w.-]+/g, '_')}.json`);
  const before: CoverageRecord | null = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  for (const [id, old] of Object.entries(before?.machines ?? {})) {
    const now = record.machines[id] ?? { states: [], transitions: [], paths: 0 };
    record.machines[id] = {
      states: [...new Set([...old.states, ...now.states])].sort(),
      transitions: [...new Set([...old.transitions, ...now.transitions])].sort(),
      paths: (old.paths ?? 0) + (now.paths ?? 0),
    };
  }
  writeFileSync(file, JSON.stringify(record));
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

/**
 * The flows that must be driven through the screens, by machine id (issue #32): the report fails
 * when one of them has no flow file, recorded no path, or took less than all of its machine's
 * states and transitions, so a flow deleted, renamed or skipped cannot leave the table quietly.
 */
export const REQUIRED_UI_FLOWS: Readonly<Record<string, readonly string[]>> = {
  checkout: ['checkout', 'checkoutReturn', 'checkoutReloadContact', 'checkoutReloadSelection'],
  darkMode: ['darkMode'],
  doorScanner: ['doorScanner'],
  eventWizard: ['eventWizard'],
  faq: ['faq'],
  forgotPassword: ['forgotPassword'],
  inactivity: ['inactivity'],
  login: ['login'],
  orderRefund: ['orderRefund'],
  otp: ['otp'],
  quickCheckout: ['quickCheckout'],
  resetPassword: ['resetPassword'],
  sharedTicket: ['sharedTicket'],
  signup: ['signup'],
  teamAccept: ['teamAccept', 'teamAcceptNoToken'],
  testPayment: ['testPayment'],
  ticketHandover: ['ticketHandover'],
  waitlistJoin: ['waitlistJoin'],
};

/**
 * What is missing of the required flows: a flow with no flow file (`mapped`: flow names by machine
 * id, as found in e2e/model/flows) or no browser record (`recorded`: the flows that wrote one).
 */
export function missingRequiredFlows(
  mapped: ReadonlyMap<string, readonly string[]>,
  recorded: ReadonlySet<string>,
  required: Readonly<Record<string, readonly string[]>> = REQUIRED_UI_FLOWS,
): string[] {
  const missing: string[] = [];
  for (const [machine, flows] of Object.entries(required))
    for (const flow of flows) {
      if (!mapped.get(machine)?.includes(flow)) missing.push(`${machine}: flow ${flow} has no flow file`);
      else if (!recorded.has(flow)) missing.push(`${machine}: flow ${flow} recorded no browser paths`);
    }
  return missing;
}
