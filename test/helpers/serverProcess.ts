import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The real server as production runs it (`node --import tsx server/main.ts`), in its own process, so
 * tests see what an operator sees: its exit code, what it writes to stderr, and its HTTP answers.
 * Environment: only what the test gives plus PATH/HOME (nothing of the test runner's leaks in).
 */
export type ServerProcess = { url: string; output: () => string; stop: () => Promise<number | null> };

function launch(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  return { child, output: () => output };
}

/** Runs the server expecting it to refuse to start: its exit code and everything it printed. */
export async function runUntilExit(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const { child, output } = launch(env);
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, timeoutMs);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  return { code, output: output() };
}

/** Starts the server and waits until it answers /api/health; throws with its output if it exits. */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const { child, output } = launch(env);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output()}`);
    const port = /running at http:\/\/localhost:(\d+)/.exec(output())?.[1];
    if (port) {
      const url = `http://127.0.0.1:${port}`;
      const healthy = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) return { url, output, stop };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`server did not start in time: ${output()}`);
}
