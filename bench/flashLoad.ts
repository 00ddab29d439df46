/**
 * The flash sale's load client (bench/flash-sale.ts): buyers posting POST /api/orders, CONCURRENCY
 * at a time, with the latency of each answer.
 */
import http from 'node:http';
import type { Person } from '../test/helpers/checkout';

export const CONCURRENCY = 200;

/**
 * The load generator: node:http on keep-alive sockets, one per concurrent buyer (fetch spent more
 * CPU than the server under test on this 2-core machine). It asks for compression as a browser does.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

type Answer = { status: number; headers: Record<string, string>; body: string };

export function post(url: string, token: string, body: string, keep = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'accept-encoding': 'gzip, deflate, br',
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => keep && chunks.push(c));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          if (keep)
            for (const [name, value] of Object.entries(res.headers))
              if (
                !['date', 'connection', 'keep-alive', 'content-length'].includes(name) &&
                value !== undefined
              )
                headers[name] = String(value);
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString() });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export type Sale = {
  won: number;
  seats: number;
  refused: number;
  other: number;
  wonPerSecond: number;
  p50: number;
  p99: number;
  seconds: number;
};

/** One sale: every buyer once, CONCURRENCY at a time, 1 or 2 seats alternately. */
export async function sell(
  base: string,
  buyers: Person[],
  body: (b: Person, qty: number) => string,
): Promise<Sale> {
  const latencies: number[] = [];
  let won = 0;
  let seats = 0;
  let refused = 0;
  let other = 0;
  let next = 0;
  let lastWin = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (;;) {
        const i = next++;
        if (i >= buyers.length) return;
        const qty = (i % 2) + 1;
        const t0 = performance.now();
        const { status } = await post(`${base}/api/orders`, buyers[i]!.token, body(buyers[i]!, qty));
        const t1 = performance.now();
        latencies.push(t1 - t0);
        if (status === 201) {
          won += 1;
          seats += qty;
          lastWin = Math.max(lastWin, t1);
        } else if (status === 409) refused += 1;
        else other += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    won,
    seats,
    refused,
    other,
    wonPerSecond: won / ((lastWin - started) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    seconds: (performance.now() - started) / 1000,
  };
}

/** Ends the client's keep-alive sockets. */
export function closeLoad() {
  agent.destroy();
}
