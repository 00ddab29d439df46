// The mutation score of the flow machines (decision 054), read from StrykerJS's JSON report
// (reports/mutation/mutation.json): one line per machine and the total, as a Markdown table for the
// README. Exits 1 when a machine is under 75 % or the run under 90 % (valid mutants: killed and timed
// out over killed, timed out, survived and uncovered; ignored ones and compile errors do not count).
//   node scripts/mutation-score.mjs [report.json]
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const file = path.resolve(root, process.argv[2] ?? 'reports/mutation/mutation.json');
const report = JSON.parse(readFileSync(file, 'utf8'));

export const PER_MACHINE = 75;
export const OVERALL = 90;

const count = (mutants) => {
  const n = (status) => mutants.filter((m) => m.status === status).length;
  const detected = n('Killed') + n('Timeout');
  const valid = detected + n('Survived') + n('NoCoverage');
  return { detected, valid, survived: n('Survived') + n('NoCoverage'), ignored: n('Ignored') };
};
const pct = ({ detected, valid }) => (valid === 0 ? 100 : (100 * detected) / valid);

const rows = Object.entries(report.files)
  .map(([name, { mutants }]) => ({ name: path.relative(root, path.resolve(root, name)), ...count(mutants) }))
  .filter((r) => r.valid > 0)
  .sort((a, b) => a.name.localeCompare(b.name));
const total = count(Object.values(report.files).flatMap((f) => f.mutants));

console.log('| Machine | Score | Killed | Survived | Valid | Ignored |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${pct(r).toFixed(1)} % | ${r.detected} | ${r.survived} | ${r.valid} | ${r.ignored} |`,
  );
console.log(
  `| **All** | **${pct(total).toFixed(1)} %** | ${total.detected} | ${total.survived} | ${total.valid} | ${total.ignored} |`,
);

const low = rows.filter((r) => pct(r) < PER_MACHINE);
for (const r of low) console.error(`${r.name}: ${pct(r).toFixed(1)} % is under ${PER_MACHINE} %`);
if (pct(total) < OVERALL) console.error(`all: ${pct(total).toFixed(1)} % is under ${OVERALL} %`);
process.exit(low.length > 0 || pct(total) < OVERALL ? 1 : 0);
