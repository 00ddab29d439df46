// Runs one of the bench scripts in a checkout as its own process and returns the figures its
// `BENCH_JSON {…}` line carries (null when it printed none: an older script, read from its text by
// the caller). Its output goes to the log only when it fails (or BENCH_VERBOSE).
import { spawn } from 'node:child_process';
import path from 'node:path';

export async function runBench(
  tree: string,
  script: string,
  env: Record<string, string>,
): Promise<{ json: Record<string, unknown> | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(tree, script)], {
    cwd: tree,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c;
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c;
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (process.env.BENCH_VERBOSE) console.log(output);
  const line = output.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (code !== 0) throw new Error(`${script} in ${tree} exited with ${code}:\n${output.slice(-3000)}`);
  return { json: line ? JSON.parse(line.slice('BENCH_JSON '.length)) : null, output };
}
