// CI's mutation stage (decision 054, amendment): StrykerJS over the machine lines a change wrote,
// not whole machines (a full run takes hours on CI's two cores, one big machine 10–30 min). The
// lines are those `git diff` shows added or rewritten under machines/ since the previous main
// (MUTATION_BASE, default HEAD^: CI runs on main after the merge), passed to Stryker as mutation
// ranges. Then the scores are checked: 75 % per machine, 90 % over the run
// (scripts/mutation-score.mjs), over the mutants of those lines.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const base = process.env.MUTATION_BASE ?? 'HEAD^';
const diff = spawnSync('git', ['diff', '--name-only', base, 'HEAD', '--', 'machines', 'test/machines'], {
  cwd: root,
  encoding: 'utf8',
});
if (diff.status !== 0) {
  console.log(`mutation: cannot diff against ${base} (${diff.stderr.trim()}); skipped`);
  process.exit(0);
}

const exists = (file) => existsSync(path.join(root, file));

/** The lines of `file` that the change added or rewrote, as Stryker ranges ("file:12-20"). */
function changedRanges(file) {
  const hunks = spawnSync('git', ['diff', '-U0', base, 'HEAD', '--', file], { cwd: root, encoding: 'utf8' });
  const ranges = [];
  for (const m of hunks.stdout.matchAll(/^@@ -\S+ \+(\d+)(?:,(\d+))? @@/gm)) {
    const start = Number(m[1]);
    const count = m[2] === undefined ? 1 : Number(m[2]);
    if (count > 0) ranges.push({ start, end: start + count - 1 });
  }
  return ranges;
}

// Only what the change wrote in machines/ is mutated: the mutants of the lines it added or rewrote
// (Stryker's mutation ranges), not the whole files. A mutant of an untouched line was there before
// and was measured then; a change to a model test alone can only kill more (a weakened test shows in
// the next full run, README). machines/lib/ is mutated like the machines.
const ranges = [];
for (const file of diff.stdout.split('\n').filter(Boolean)) {
  if (!/^machines\/.+\.ts$/.test(file) || !exists(file)) continue;
  for (const r of changedRanges(file)) ranges.push({ file, ...r });
}
const tests = diff.stdout.split('\n').filter((f) => f.startsWith('test/machines/')).length;

if (ranges.length === 0) {
  console.log(
    `mutation: no machine source line changed since ${base}${tests ? ` (${tests} model test files did; they can only kill more)` : ''}; skipped`,
  );
  process.exit(0);
}
const patterns = ranges.map((r) => `${r.file}:${r.start}-${r.end}`);
const lines = ranges.reduce((n, r) => n + r.end - r.start + 1, 0);
console.log(
  `mutation: ${lines} changed lines in ${new Set(ranges.map((r) => r.file)).size} files: ${patterns.join(' ')}`,
);
if (process.env.MUTATION_DRY === '1') process.exit(0); // only say what would be mutated
// CI's budget (decision 054, amendment): a mutant takes 3–30 s on two cores (the big machines run
// thousands of model paths per mutant), and CI's whole run must stay under 20 minutes. A change
// rewriting more machine lines than the budget is not mutated in CI; it says so and names the
// command that runs it by hand.
const budget = Number(process.env.MUTATION_MAX_LINES ?? 60);
if (lines > budget) {
  console.log(
    `mutation: ${lines} changed lines, over CI's budget of ${budget}; not run here. By hand: npm run test:mutation -- ${patterns.map((p) => `--mutate ${p}`).join(' ')}`,
  );
  process.exit(0);
}
// Incremental mode reuses the result of a mutant no test covered by name (nearly every mutant of a
// machine is 'static': built when the module loads) whenever the mutant's code is unchanged, even
// when its model test changed: a survivor stays a survivor after the test was strengthened. So the
// machines this change touched are forgotten in the local incremental file and tried in full
// (decision 054); the results of the other files are kept.
const incremental = path.join(root, 'reports/mutation/stryker-incremental.json');
if (existsSync(incremental)) {
  const report = JSON.parse(readFileSync(incremental, 'utf8'));
  for (const file of mutate) delete report.files?.[file];
  writeFileSync(incremental, JSON.stringify(report));
}
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const args = ['run', ...patterns.flatMap((p) => ['--mutate', p])];
const run = spawnSync(bin('stryker'), args, { cwd: root, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
const score = spawnSync(process.execPath, [path.join(root, 'scripts/mutation-score.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(score.status ?? 1);
