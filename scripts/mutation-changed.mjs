// CI's mutation stage (decision 054): StrykerJS over the machines a change touched, not all of them
// (a full run takes hours on CI's two cores). A machine is touched when its file, a file of its
// folder (machines/checkout/…) or its model test (test/machines/<name>*.test.ts) differs from the
// previous main (MUTATION_BASE, default HEAD^: CI runs on main after the merge). machines/lib/ is
// mutated itself when it changed. A local incremental file (reports/mutation/stryker-incremental.json, when there is one)
// lets Stryker try again only the mutants whose code or covering tests changed. Then the scores are
// checked: 75 % per machine, 90 % over the run (scripts/mutation-score.mjs).
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
/** test/machines/checkoutAnswers.test.ts → machines/checkout.machine.ts (its own name first). */
const machineOfTest = (name) => {
  const own = `machines/${name}.machine.ts`;
  const stem = `machines/${name.replace(/[A-Z][a-z]+$/, '')}.machine.ts`;
  return exists(own) ? own : exists(stem) ? stem : null;
};
const mutate = new Set();
for (const file of diff.stdout.split('\n').filter(Boolean)) {
  const test = /^test\/machines\/([A-Za-z]+)\./.exec(file);
  const machine = test?.[1]
    ? machineOfTest(test[1])
    : /^machines\/.+\.ts$/.test(file) && exists(file)
      ? file
      : null;
  if (machine) mutate.add(machine);
}

if (mutate.size === 0) {
  console.log(`mutation: no machine changed since ${base}; skipped`);
  process.exit(0);
}
console.log(`mutation: ${[...mutate].join(', ')}`);
if (process.env.MUTATION_DRY === '1') process.exit(0); // only say what would be mutated
// CI's budget (decision 054): a machine takes 5–15 min on two cores, and the big ones (checkout,
// eventWizard, ticketForm: thousands of model paths each) far more. A change touching more files
// than the budget is not mutated in CI; it says so and names the command that runs it by hand.
const budget = Number(process.env.MUTATION_MAX_FILES ?? 3);
if (mutate.size > budget) {
  console.log(
    `mutation: ${mutate.size} files changed, over CI's budget of ${budget}; not run here. By hand: npm run test:mutation -- ${[...mutate].map((f) => `--mutate ${f}`).join(' ')}`,
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
const args = ['run', ...[...mutate].flatMap((f) => ['--mutate', f])];
const run = spawnSync(bin('stryker'), args, { cwd: root, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
const score = spawnSync(process.execPath, [path.join(root, 'scripts/mutation-score.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(score.status ?? 1);
