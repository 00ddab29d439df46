import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { ListenEvents, Subscription } from './client';

const RECONNECT_MS = 1000;
// Long enough that a busy event loop or a loaded database (a CPU-starved test machine) is not taken
// for a dead socket — each false alarm drops the cache and reconnects — short enough to notice one.
const QUERY_TIMEOUT_MS = 3000;
export const LISTEN_APPLICATION_NAME = 'gatepass-listen';

/** Channel names are fixed identifiers of ours; refuse anything else rather than quote it. */
function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
  return channel;
}

/**
 * LISTEN on PostgreSQL over a connection of its own (a pooled one would be handed to other
 * queries). When the connection drops, `lost` fires at once (whatever was notified meanwhile is
 * gone, so the listener must not trust what it built on them), and it reconnects every second until
 * it is back, then fires `ready`. A query that gets no answer within QUERY_TIMEOUT_MS counts as a
 * dropped connection too: a half-open socket would otherwise swallow notifications unnoticed.
 */
export async function listenPostgres(
  connectionString: string,
  channel: string,
  events: ListenEvents,
  onError?: (error: Error) => void,
): Promise<Subscription> {
  const name = checkedChannel(channel);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    // Named, so an operator (or a test) can tell it from the pool's connections in pg_stat_activity.
    const c = new pg.Client({ connectionString, application_name: LISTEN_APPLICATION_NAME });
    c.on('notification', (message) => {
      if (message.channel === name) events.notify(message.payload ?? '');
    });
    c.on('error', (error) => {
      onError?.(error);
      dropped(c);
    });
    c.on('end', () => dropped(c));
    await c.connect();
    await c.query(`LISTEN ${name}`);
    if (stopped) {
      await c.end();
      return;
    }
    client = c;
    events.ready();
  };

  const dropped = (c: pg.Client) => {
    if (client !== c || stopped) return;
    client = null;
    events.lost();
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(async () => {
      retry = null;
      try {
        await connect();
      } catch (error) {
        onError?.(error as Error);
        scheduleReconnect();
      }
    }, RECONNECT_MS);
  };

  const query = async (text: string) => {
    const c = client;
    if (!c) throw new Error('The LISTEN connection is down');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error('The LISTEN connection did not answer'));
        dropped(c);
        c.end().catch(() => {});
      }, QUERY_TIMEOUT_MS);
    });
    try {
      // A named (prepared) statement: the same small read runs on every round trip under load,
      // so PostgreSQL parses and plans it once per connection, not each time.
      const result = await Promise.race([c.query({ name: statementName(text), text }), timeout]);
      return result.rows as Record<string, unknown>[];
    } finally {
      clearTimeout(timer);
    }
  };

  await connect();
  return {
    query,
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/** LISTEN on the embedded database: one in-process connection, which cannot drop. */
export async function listenPglite(
  client: PGlite,
  channel: string,
  events: ListenEvents,
): Promise<Subscription> {
  const unlisten = await client.listen(checkedChannel(channel), (payload) => events.notify(payload));
  events.ready();
  return {
    query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    stop: async () => {
      if (!client.closed) await unlisten();
    },
  };
}

const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `gatepass_listen_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}
