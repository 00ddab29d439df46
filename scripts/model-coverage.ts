// The model coverage report: per machine, its states and transitions, how many the machine-level
// model tests (vitest) took, and, for flows mapped to the screens (e2e/model/flows), how many the
// browser-level model tests took. It only reads what those suites recorded while they ran
// (MODEL_COVERAGE_DIR), so `npm test` runs each suite once. Exits 1 when something is uncovered.
//   tsx scripts/model-coverage.ts <coverage dir> [json out, default reports/model-coverage.json]
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { missingRequiredFlows, readCoverage } from '../test/model/coverageFiles';
import { machineInventory } from '../test/model/graph';

const root = path.resolve(import.meta.dirname, '..');
const dir = process.argv[2] ?? process.env.MODEL_COVERAGE_DIR;
const out = path.resolve(root, process.argv[3] ?? 'reports/model-coverage.json');
if (!dir) {
  console.error('usage: tsx scripts/model-coverage.ts <coverage dir> [json out]');
  process.exit(2);
}

const isMachine = (v: unknown): v is AnyStateMachine =>
  typeof v === 'object' && v !== null && 'root' in v && 'getStateNodeById' in v;

async function exportsOf(folder: string, suffix: string) {
  const files = readdirSync(path.join(root, folder)).filter((f) => f.endsWith(suffix));
  return Promise.all(
    files.map(async (f) => ({
      file: `${folder}/${f}`,
      exports: await import(pathToFileURL(path.join(root, folder, f)).href),
    })),
  );
}

const machines = new Map<string, { machine: AnyStateMachine; file: string }>();
for (const { file, exports } of await exportsOf('machines', '.machine.ts'))
  for (const value of Object.values(exports))
    if (isMachine(value)) machines.set(value.id, { machine: value, file });

// Flows mapped to the screens: their machine must be covered through the UI too.
const uiFlows = new Map<string, string[]>();
for (const { exports } of await exportsOf('e2e/model/flows', '.flow.ts'))
  for (const value of Object.values(exports) as Array<{ name?: string; machine?: unknown }>)
    if (value && isMachine(value.machine) && typeof value.name === 'string')
      uiFlows.set(value.machine.id, [...(uiFlows.get(value.machine.id) ?? []), value.name]);

const records = readCoverage(dir);
const union = (level: 'machine' | 'ui', id: string) => {
  const states = new Set<string>();
  const transitions = new Set<string>();
  let paths = 0;
  for (const r of records.filter((r) => r.level === level)) {
    const m = r.machines[id];
    if (!m) continue;
    for (const s of m.states) states.add(s);
    for (const t of m.transitions) transitions.add(t);
    paths += m.paths ?? 0;
  }
  return { states, transitions, paths };
};

type Part = { covered: number; total: number; missing: string[] };
const part = (all: string[], seen: Set<string>): Part => {
  const missing = all.filter((x) => !seen.has(x));
  return { covered: all.length - missing.length, total: all.length, missing };
};

const report = [...machines.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([id, { machine, file }]) => {
    const inv = machineInventory(machine);
    const m = union('machine', id);
    const flows = uiFlows.get(id);
    const u = flows ? union('ui', id) : null;
    return {
      machine: id,
      file,
      states: inv.states.length,
      transitions: inv.transitions.length,
      machineLevel: { states: part(inv.states, m.states), transitions: part(inv.transitions, m.transitions) },
      ui: u
        ? {
            flows,
            paths: u.paths,
            states: part(inv.states, u.states),
            transitions: part(inv.transitions, u.transitions),
          }
        : null,
    };
  });

const complete = (p: { states: Part; transitions: Part }) =>
  p.states.missing.length + p.transitions.missing.length === 0;
// The flows issue #32 requires through the screens: each must exist and have recorded its paths.
const requiredMissing = missingRequiredFlows(
  uiFlows,
  new Set(records.filter((r) => r.level === 'ui').map((r) => r.source)),
);
const ok =
  requiredMissing.length === 0 && report.every((r) => complete(r.machineLevel) && (!r.ui || complete(r.ui)));

const cell = (p: { states: Part; transitions: Part } | null) =>
  p
    ? `${p.states.covered}/${p.states.total} states, ${p.transitions.covered}/${p.transitions.total} transitions${complete(p) ? '' : '  ✗'}`
    : 'not mapped to the UI';
console.log('\nModel coverage (states and transitions taken by the generated paths)\n');
console.log(
  `  ${'machine'.padEnd(18)} ${'in machine'.padEnd(14)} ${'machine level'.padEnd(34)} through the UI`,
);
for (const r of report) {
  console.log(
    `  ${r.machine.padEnd(18)} ${`${r.states} s, ${r.transitions} t`.padEnd(14)} ${cell(r.machineLevel).padEnd(34)} ${cell(r.ui)}${r.ui ? ` (${r.ui.paths} paths)` : ''}`,
  );
}
for (const r of report) {
  for (const [level, p] of [
    ['machine level', r.machineLevel],
    ['through the UI', r.ui],
  ] as const) {
    if (!p || complete(p)) continue;
    console.log(`\n  ${r.machine}: uncovered ${level}`);
    for (const s of p.states.missing) console.log(`    state      ${s}`);
    for (const t of p.transitions.missing) console.log(`    transition ${t}`);
  }
}
if (requiredMissing.length > 0) {
  console.log('\n  required through the UI (test/model/coverageFiles.ts REQUIRED_UI_FLOWS), missing:');
  for (const m of requiredMissing) console.log(`    ${m}`);
}
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify({ generatedAt: new Date().toISOString(), ok, requiredMissing, machines: report }, null, 2)}\n`,
);
console.log(`\n  ${ok ? 'complete' : 'INCOMPLETE'}: written to ${path.relative(root, out)}`);
process.exit(ok ? 0 : 1);
