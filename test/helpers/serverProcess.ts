import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * The real server as production runs it (`node --import tsx server/main.ts`), in its own process, so
 * tests see what an operator sees: its exit code, what it prints, and its HTTP answers.
 */

/** A port the OS says is free right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves once /api/health answers 200; rejects with its output if it exits first. */
  healthy: () => Promise<void>;
  /** A graceful stop, then a hard one; resolves with the exit code. */
  stop: () => Promise<number | null>;
  /** Resolves with the exit code when it exits by itself (null if killed after `timeoutMs`). */
  exit: (timeoutMs: number) => Promise<number | null>;
};

/**
 * A server process on a free port of 127.0.0.1. `clean: true` gives it only the environment the
 * test names (plus PATH and HOME), so nothing of the test runner's leaks in; otherwise it inherits
 * the runner's, with NODE_ENV=test unless given.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { clean = false } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const base = clean
    ? { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }
    : { ...process.env, NODE_ENV: 'test' };
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...base, HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    url,
    port,
    output: () => output,
    async healthy() {
      for (let i = 0; i < 900; i += 1) {
        if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output}`);
        try {
          if ((await fetch(`${url}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`server at ${url} did not start: ${output}`);
    },
    async stop() {
      // A graceful stop, then a hard one: a server still draining on a loaded machine must not hang.
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async exit(timeoutMs) {
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      return child.signalCode === 'SIGKILL' ? null : code;
    },
  };
}

/** Runs the server expecting it to refuse to start: its exit code and everything it printed. */
export async function runUntilExit(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const server = await startServerProcess(env, { clean: true });
  const code = await server.exit(timeoutMs);
  return { code, output: server.output() };
}

/** Starts the server with only the given environment and waits until it answers /api/health. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env, { clean: true });
  try {
    await server.healthy();
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
