// `npm run test:model`: the machine-level model tests (vitest test/machines) and the browser-level
// model tests (Playwright e2e/model), each recording which states and transitions its paths took,
// then the coverage report (scripts/model-coverage.ts) over what they recorded.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const dir = mkdtempSync(path.join(tmpdir(), 'gatepass-model-coverage-'));
const env = { ...process.env, MODEL_COVERAGE_DIR: dir, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };

const run = (title, command, args) => {
  console.log(`\n━━ ${title} ━━`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status === 0;
};

const machineLevel = run('machine-level model tests', bin('vitest'), ['run', 'test/machines']);
const browser = run('browser-level model tests', bin('playwright'), ['test', 'e2e/model']);
const report = run('model coverage', bin('tsx'), ['scripts/model-coverage.ts', dir]);
process.exit(machineLevel && browser && report ? 0 : 1);
