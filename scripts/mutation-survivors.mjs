// The second half of a quick mutation pass (decision 054, third pass): forgets, in the local
// incremental file, the mutants that survived (or were not covered) in the given machine files, so
// the next `npx stryker run --mutate <file>` tries only them again, with the whole model suite
// (stryker.config.mjs), and reuses the rest. A mutant the quick pass killed stays killed: the whole
// suite contains the tests that killed it.
//   node scripts/mutation-survivors.mjs machines/foo.machine.ts [machines/foo/bar.ts …]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const file = path.join(root, 'reports/mutation/stryker-incremental.json');
const report = JSON.parse(readFileSync(file, 'utf8'));
const wanted = new Set(process.argv.slice(2));
let dropped = 0;
for (const [name, entry] of Object.entries(report.files ?? {})) {
  if (wanted.size > 0 && !wanted.has(name)) continue;
  const before = entry.mutants.length;
  entry.mutants = entry.mutants.filter((m) => m.status !== 'Survived' && m.status !== 'NoCoverage');
  dropped += before - entry.mutants.length;
}
writeFileSync(file, JSON.stringify(report));
console.log(`mutation: ${dropped} surviving mutants forgotten; the next run tries them with the whole suite`);
