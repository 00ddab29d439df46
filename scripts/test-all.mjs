// `npm test`: every check in one run — typecheck, lint/format, unit + model-based + API tests
// (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and Playwright browser tests against
// the built app. Runs every stage even after a failure and ends with one summary line.
//
// The unit and browser stages run at the same time (decision 047, amendment): the browser stage
// spends much of its time waiting (on the page, the server, Playwright's polling), and on the 2-core
// CI machine the two together took 17.6 min where one after the other took 23.7 min. Each stage's
// lines carry its name; each stage's failures are repeated in the summary.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reports = mkdtempSync(path.join(tmpdir(), 'gatepass-test-'));
const only = process.argv[2]; // optional: typecheck | lint | unit | e2e
// The unit and e2e stages record which machine states and transitions their model paths took;
// the last stage only reads these records (no suite runs twice).
const modelCoverage = path.join(reports, 'model-coverage');

const began = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
const stages = [];
// Failing (and retried) tests by name, repeated in the summary: CI keeps only the end of the log.
const failures = [];

function run(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━ ${[path.basename(command), ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: result.status === 0, seconds };
}

/** Like `run`, but without blocking; each output line is prefixed with the stage's name. */
function runAsync(name, label, command, args, env = {}, onLine = () => {}) {
  console.log(`\n━━ ${label} ━━ ${[path.basename(command), ...args].join(' ')}`);
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => {
      console.log(`[${name}] ${line}`);
      onLine(line);
    });
  return new Promise((resolve) => {
    child.on('close', (code) =>
      resolve({ ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) }),
    );
    child.on('error', () => resolve({ ok: false, seconds: '0.0' }));
  });
}

function record(name, { ok, seconds, counts }) {
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  } else {
    totals[ok ? 'passed' : 'failed'] += 1;
  }
  // A stage that exits non-zero fails even if its runner counted no failing test.
  if (!ok && counts && counts.failed === 0) totals.failed += 1;
  stages.push({ name, ok, seconds, counts });
}

function stage(name, fn) {
  if (only && only !== name) return;
  record(name, fn());
}

const wanted = (name) => !only || only === name;

// The route tree first: the typecheck reads it and the build's router plugin would write it.
const routeTree = wanted('typecheck') || wanted('e2e') ? run('route tree', bin('tsr'), ['generate']) : null;

// The browser tests' production build, made from the start (beside the typecheck, lint and unit
// stages), so the browser stage — the run's longest — starts as early as it can. Playwright is told
// (E2E_PREBUILT) only when this run's build succeeded; otherwise it builds itself, as when run alone.
const e2ePort = Number(process.env.E2E_PORT ?? 4300);
const prebuilt =
  !only || only === 'e2e'
    ? new Promise((resolve) => {
        const outDir = path.join(root, `dist-e2e-${e2ePort}`);
        rmSync(outDir, { recursive: true, force: true });
        const child = spawn(
          process.execPath,
          ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', outDir],
          {
            cwd: root,
            stdio: ['ignore', 'ignore', 'inherit'],
            env: { ...process.env, NODE_ENV: 'production' },
          },
        );
        child.on('exit', (code) => resolve(code === 0));
        child.on('error', () => resolve(false));
      })
    : Promise.resolve(false);

stage('typecheck', () =>
  routeTree && !routeTree.ok ? routeTree : run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
);

stage('lint', () => run('lint', bin('biome'), ['check', '.']));

async function unitStage() {
  const out = path.join(reports, 'vitest.json');
  if (!process.env.TEST_DATABASE_URL) {
    console.warn(
      '\n  !!! TEST_DATABASE_URL is not set: API tests run on PGlite only; PostgreSQL runs are SKIPPED.\n',
    );
  }
  const r = await runAsync(
    'unit',
    'unit, model-based and API tests',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { MODEL_COVERAGE_DIR: modelCoverage },
    unhandledErrorWatch(),
  );
  if (!existsSync(out)) return r;
  const json = JSON.parse(readFileSync(out, 'utf8'));
  for (const file of json.testResults) {
    // A file that failed outside its tests (a hook, an import) fails the stage with no test failed.
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'))
      failures.push(
        `unit ${path.relative(root, file.name)} › ${firstLine(file.message) || 'failed outside its tests'}`,
      );
    for (const t of file.assertionResults)
      if (t.status === 'failed') failures.push(`unit ${path.relative(root, file.name)} › ${t.fullName}`);
  }
  return {
    ...r,
    counts: {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
    },
  };
}

const firstLine = (text = '') =>
  text
    .split('\n')
    .find((l) => l.trim())
    ?.trim() ?? '';

/**
 * Vitest fails its run on an error thrown outside any test (a rejection after a test ended, a
 * server's background job) even when every test passed; it prints the error under "Unhandled
 * Errors". CI keeps only the end of the log, so the error's first line and the file it came from
 * are repeated in the summary.
 */
function unhandledErrorWatch() {
  let pending = 0; // lines still to read after an "Unhandled …" header
  return (raw) => {
    const line = stripVTControlCharacters(raw).trim();
    if (/⎯ Unhandled (Error|Rejection) ⎯/.test(line)) pending = 12;
    if (/caught \d+ unhandled errors?/i.test(line)) failures.push(`unit ${line}`);
    if (pending === 0 || !line) return;
    pending -= 1;
    if (/^(\w*Error\b|This error originated|The latest test)/.test(line))
      failures.push(`unit unhandled: ${line.slice(0, 200)}`);
  };
}

async function e2eStage() {
  const e2eBuilt = await prebuilt;
  const out = path.join(reports, 'playwright.json');
  const r = await runAsync(
    'e2e',
    'browser tests (Playwright, Debian Chromium)',
    bin('playwright'),
    ['test', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      MODEL_COVERAGE_DIR: modelCoverage,
      E2E_PREBUILT: e2eBuilt ? '1' : '',
    },
  );
  if (!existsSync(out)) return r;
  const report = JSON.parse(readFileSync(out, 'utf8'));
  collectPlaywrightProblems(report.suites, []);
  const s = report.stats;
  return { ...r, counts: { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped } };
}

// The browser stage starts when its build is ready, while the unit stage runs.
const [unit, e2e] = await Promise.all([
  wanted('unit') ? unitStage() : null,
  wanted('e2e') ? e2eStage() : null,
]);
if (unit) record('unit', unit);
if (e2e) record('e2e', e2e);

// Walks Playwright's JSON report: a test that failed for good, or passed only on a retry, is named.
function collectPlaywrightProblems(suites = [], titles) {
  for (const suite of suites) {
    const inner = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const label = t.status === 'flaky' ? 'e2e (passed on retry)' : 'e2e';
        failures.push(`${label} ${spec.file} › ${[...inner, spec.title].join(' › ')}`);
      }
    collectPlaywrightProblems(suite.suites, inner);
  }
}

// Only in a full run: a report after `test:unit` alone would lack the browser records.
if (!only)
  stage('model', () =>
    run('model coverage (reads what the unit and e2e stages recorded)', bin('tsx'), [
      'scripts/model-coverage.ts',
      modelCoverage,
    ]),
  );

console.log('\n━━ summary ━━');
for (const s of stages) {
  const detail = s.counts
    ? ` (${s.counts.passed} passed, ${s.counts.failed} failed, ${s.counts.skipped} skipped)`
    : '';
  console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name.padEnd(10)} ${s.seconds.padStart(6)} s${detail}`);
}
for (const f of failures) console.log(`  ✗ ${f}`);
if (!process.env.TEST_DATABASE_URL && (!only || only === 'unit'))
  console.log('  note: PostgreSQL API runs skipped (TEST_DATABASE_URL not set)');
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped in ${Math.round((Date.now() - began) / 1000)} s${only ? '' : ' (unit and e2e side by side)'}`,
);
process.exit(stages.every((s) => s.ok) ? 0 : 1);
