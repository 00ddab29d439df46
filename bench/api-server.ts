// The Gatepass API for bench/api: sample data plus copies of the sample events up to 50
// published events, on a fresh embedded database, rate limits off, quiet logs. WORKERS=n (with
// DATABASE_URL) serves it from n processes as server/main.ts does: the data is made first, by the
// primary, and each worker finds it there.
import cluster from 'node:cluster';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { runPrimary } from '../server/cluster';
import { loadConfig } from '../server/config';

const target = Number(process.env.BENCH_EVENTS ?? 50);
const config = loadConfig({
  ...process.env,
  SEED_SAMPLE_DATA: 'true',
  RATE_LIMITS: 'off',
  LOG_LEVEL: 'warn',
});
const { app, deps } = await buildApp(config);

// Copy existing events (and their ticket types) with shifted dates until there are `target`.
await deps.db.execute(sql`
  with source as (select * from events order by start_date limit 6),
  copies as (
    select s.*, g.n from source s cross join generate_series(1, ceil(${target}::numeric / 6)::int) as g(n)
  ),
  numbered as (select *, row_number() over (order by n, start_date) as rn from copies)
  insert into events (organiser_id, event_name, category, description, start_date, end_date, start_time, end_time,
    event_location, url, country, state, location, image_key, status, socials)
  select organiser_id, event_name || ' #' || n, category, description, start_date + n * 7, end_date + n * 7, start_time, end_time,
    event_location, url, country, state, location, image_key, status, socials
  from numbered where rn <= ${target} - (select count(*) from events)
`);
await deps.db.execute(sql`
  insert into ticket_types (event_id, ticket_name, price_kobo, ticket_description, ticket_type, ticket_stock, capacity, purchase_limit, benefits)
  select e.id, 'Regular', 1050, 'General admission', 'paid', 'limited', 300, 10, 'Entry'
  from events e where not exists (select 1 from ticket_types t where t.event_id = e.id)
`);

if (config.workers > 1 && cluster.isPrimary) {
  await app.close();
  runPrimary(config.workers, () => {});
} else {
  await app.listen({ port: config.port, host: '127.0.0.1' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      await app.close();
      process.exit(0);
    });
  }
}
