import cluster, { type Worker } from 'node:cluster';

/**
 * WORKERS=n: the primary process only forks n workers and relays signals; each worker is a whole
 * Gatepass (its own pool, sweeper, mail worker, caches kept fresh by LISTEN), as safe as a separate
 * machine, and they take turns accepting connections on the one port (node:cluster round-robin).
 * Start-up steps that must run once are under the database's advisory lock (server/db/startupLock.ts).
 */
export function runPrimary(workers: number, onAllListening: (port: number) => void): void {
  const listening = new Set<number>();
  let alive = 0;
  let stopping = false;
  let announced = false;

  const fork = () => {
    alive += 1;
    return cluster.fork();
  };
  const stopAll = (exitCode: number) => {
    stopping = true;
    process.exitCode = exitCode;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (alive === 0) process.exit(exitCode);
  };

  cluster.on('listening', (worker: Worker, address) => {
    listening.add(worker.id);
    if (!announced && listening.size === workers) {
      announced = true;
      onAllListening(address.port);
    }
  });
  cluster.on('exit', (worker: Worker, code, signal) => {
    alive -= 1;
    if (stopping) {
      if (alive === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (!listening.has(worker.id)) {
      // It died starting up (bad configuration, database unreachable): another would too.
      console.error(`Worker ${worker.process.pid} failed to start (exit ${code ?? signal}); stopping.`);
      stopAll(1);
      return;
    }
    console.error(`Worker ${worker.process.pid} exited (${code ?? signal}); starting another.`);
    listening.delete(worker.id);
    fork();
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // Each worker closes cleanly on SIGTERM (in-flight requests finish); the primary waits for all.
    process.on(signal, () => {
      if (!stopping) stopAll(0);
    });
  }
  for (let i = 0; i < workers; i += 1) fork();
}
