import http from 'node:http';

/**
 * bench:onsale's compact buyer client (decision 059): node:http on keep-alive sockets (a browser per
 * buyer would cost the 2-core machine more than the servers under test), and the latency record of
 * every call, by kind, for the rates and percentiles the bench prints.
 */

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

export type Answer = { status: number; body: string };

export function call(method: 'GET' | 'POST', url: string, token: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Latencies (ms) per kind of call, with the wall-clock window they fell in. */
export class Recorder {
  private readonly kinds = new Map<string, number[]>();
  /** When each call ended (ms, performance clock), by kind: for the busiest second's rate. */
  private readonly ends = new Map<string, number[]>();
  private first = Number.POSITIVE_INFINITY;
  private last = 0;

  async time<T>(kind: string, work: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      const t1 = performance.now();
      this.first = Math.min(this.first, t0);
      this.last = Math.max(this.last, t1);
      let list = this.kinds.get(kind);
      if (!list) {
        list = [];
        this.kinds.set(kind, list);
      }
      list.push(t1 - t0);
      let ends = this.ends.get(kind);
      if (!ends) {
        ends = [];
        this.ends.set(kind, ends);
      }
      ends.push(t1);
    }
  }

  /** The most calls of one kind answered within any one second (a sliding window). */
  peakPerSecond(kind: string): number {
    const ends = [...(this.ends.get(kind) ?? [])].sort((a, b) => a - b);
    let best = 0;
    for (let i = 0, j = 0; i < ends.length; i++) {
      while (ends[i]! - ends[j]! > 1000) j++;
      best = Math.max(best, i - j + 1);
    }
    return best;
  }

  /** Count, requests per second over the run's window, p50 and p99 (ms) of one kind. */
  summary(kind: string) {
    const list = [...(this.kinds.get(kind) ?? [])].sort((a, b) => a - b);
    const seconds = Math.max(0.001, (this.last - this.first) / 1000);
    return {
      count: list.length,
      perSecond: list.length / seconds,
      p50: percentile(list, 50),
      p99: percentile(list, 99),
    };
  }
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A closed loop of `concurrency` clients asking `urlOf(i)` for `seconds` (or until it gives null):
 * the requests per second answered and their p99, the figures "waiting costs the server almost
 * nothing" and the join capacity rest on.
 */
export async function hammer(
  urlOf: (i: number) => { url: string; token: string; method?: 'GET' | 'POST' } | null,
  concurrency: number,
  seconds: number,
) {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  let i = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const target = urlOf(i++);
        if (!target) return;
        const t0 = performance.now();
        const method = target.method ?? 'GET';
        const answer = await call(method, target.url, target.token, method === 'POST' ? '{}' : undefined);
        latencies.push(performance.now() - t0);
        if (answer.status !== 200) errors += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const took = Math.min(seconds, (performance.now() - start) / 1000);
  return {
    count: latencies.length,
    perSecond: latencies.length / took,
    p99: percentile(latencies, 99),
    errors,
  };
}
