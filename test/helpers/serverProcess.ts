import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

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
  stop: () => Promise<void>;
};

/**
 * A real Gatepass server process (`node --import tsx server/main.ts`) with the given environment
 * on a free port of 127.0.0.1.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    child,
    url,
    port,
    output: () => output,
    async healthy() {
      for (let i = 0; i < 600; i += 1) {
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
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
