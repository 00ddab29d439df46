// One round of the server-side figures for one checkout: the flash sale (bench/flash-sale.ts) and
// the list API (bench/api.ts, GET /api/events only), each a process of its own on our ports.
import { runBench } from './runBench';

export type ServerRound = {
  /** The flash sale's figure: won/s ÷ the HTTP ceiling in the same run when the bench measures the
   * ceiling (load on the machine falls on both), else reservations/s. */
  flash: number;
  flashUnit: string;
  /** Database round trips per reserved order, when the bench counts them. */
  roundTrips: number | null;
  /** GET /api/events requests/s. */
  list: number;
};

export type ServerBenchSize = { apiSeconds: number; flashEnv: Record<string, string> };

export async function flashSale(tree: string, port: number, size: ServerBenchSize) {
  const { json, output } = await runBench(tree, 'bench/flash-sale.ts', {
    PORT: String(port),
    FLASH_ROUNDS: '1',
    ...size.flashEnv,
  });
  if (json && typeof json.ratio === 'number')
    return {
      flash: json.ratio,
      flashUnit: '× HTTP ceiling',
      roundTrips: typeof json.roundTripsPerOrder === 'number' ? json.roundTripsPerOrder : null,
    };
  // The flash sale before it measured its ceiling (decision 017's version) prints only text.
  const match = /reservations\/s\s+([\d,.]+)/.exec(output);
  if (!match) throw new Error(`bench/flash-sale.ts in ${tree} printed no rate:\n${output.slice(-2000)}`);
  return { flash: Number(match[1]!.replaceAll(',', '')), flashUnit: 'reservations/s', roundTrips: null };
}

export async function listApi(tree: string, port: number, size: ServerBenchSize): Promise<number> {
  const { json } = await runBench(tree, 'bench/api.ts', {
    BENCH_PORT: String(port),
    BENCH_ENDPOINTS: 'list',
    BENCH_ROUNDS: '1',
    BENCH_SECONDS: String(size.apiSeconds),
  });
  const list = (json as { list?: { rps: number; errors: number } } | null)?.list;
  if (!list) throw new Error(`bench/api.ts in ${tree} printed no list figure`);
  if (list.errors > 0) throw new Error(`bench/api.ts in ${tree}: ${list.errors} failed requests`);
  return list.rps;
}
