// The second half of a quick mutation pass (decision 054, third pass). The quick pass
// (stryker.oracles.config.mjs) runs only the tests written apart from the generated paths; a mutant
// they kill is killed by the whole suite too. After the tests were strengthened (and equivalent
// mutants marked), its survivors are tried again on their lines only — with the same quick config,
// or with the whole suite (stryker.config.mjs) when there is time — and the two reports are merged:
//   node scripts/mutation-recheck.mjs ranges <quick.json>          → the --mutate ranges to re-run
//   node scripts/mutation-recheck.mjs merge <quick.json> <re-run.json> <out.json>
// Lines are found again by their text, so survivors stay matched after comments (a `Stryker disable`
// with its reason) were added above them. A survivor of the quick pass takes the re-run's status
// (Killed, Survived, or Ignored when it was marked equivalent); every other mutant keeps the quick
// pass's (a killed one stays killed: the whole suite holds the test that killed it).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const [mode, quickFile, rerunFile, outFile] = process.argv.slice(2);
const quick = JSON.parse(readFileSync(quickFile, 'utf8'));
const lineOf = (source, line) => source.split('\n')[line - 1]?.trim() ?? '';
const open = (m) => m.status === 'Survived' || m.status === 'NoCoverage';
/**
 * The line (1-based) of `now` holding the text of `line` in `source`; the same text may stand on
 * several lines: the one nearest the old line number is it. 0 when the text is gone.
 */
function nearestLine(now, source, line) {
  const text = lineOf(source, line);
  let at = 0;
  now.forEach((l, i) => {
    if (l.trim() === text && (at === 0 || Math.abs(i + 1 - line) < Math.abs(at - line))) at = i + 1;
  });
  return at;
}

if (mode === 'ranges') {
  const ranges = [];
  for (const [name, { source, mutants }] of Object.entries(quick.files)) {
    const now = readFileSync(path.join(root, name), 'utf8').split('\n');
    const lines = new Set();
    // A mutant spans lines (a block emptied): the re-run's range must hold all of them.
    for (const m of mutants.filter(open)) {
      const at = nearestLine(now, source, m.location.start.line);
      if (at > 0) lines.add(`${at}-${at + m.location.end.line - m.location.start.line}`);
    }
    for (const l of [...lines].sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10)))
      ranges.push(`${name}:${l}`);
  }
  console.log(ranges.join(','));
} else if (mode === 'merge') {
  const rerun = JSON.parse(readFileSync(rerunFile, 'utf8'));
  // A mutant is the same when its mutator, replacement and column match on the line found again.
  const key = (m, line) => `${m.mutatorName}|${m.replacement}|${m.location.start.column}|${line}`;
  let changed = 0;
  for (const [name, file] of Object.entries(quick.files)) {
    const again = rerun.files[name];
    if (!again) continue;
    const now = again.source.split('\n');
    const byKey = new Map(again.mutants.map((m) => [key(m, m.location.start.line), m]));
    for (const m of file.mutants.filter(open)) {
      const r = byKey.get(key(m, nearestLine(now, file.source, m.location.start.line)));
      if (r && r.status !== m.status) {
        m.status = r.status;
        m.statusReason = r.statusReason;
        changed++;
      }
    }
  }
  writeFileSync(outFile, JSON.stringify(quick));
  console.log(`mutation: ${changed} mutants took the re-run's result`);
} else {
  console.error(
    'usage: mutation-recheck.mjs ranges <quick.json> | merge <quick.json> <re-run.json> <out.json>',
  );
  process.exit(2);
}
