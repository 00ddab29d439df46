import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from '../../server/http/logging';

/** The per-request logger is made on first use (server/http/logging.ts); what it writes must not change. */
describe('lazyChildLoggerFactory', () => {
  const appLogging = (logger: false | { level: string; stream: Writable }) => {
    const app = Fastify({ logger, childLoggerFactory: lazyChildLoggerFactory });
    app.get('/', async (request) => {
      request.log.debug('below the level');
      request.log.warn({ token: 'secret-value' }, 'something to see');
      return { ok: true };
    });
    return app;
  };

  it('writes with the request id, only at the level set', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = appLogging({ level: 'warn', stream });
    expect((await app.inject('/')).statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'something to see', level: 40 });
    expect(lines[0]!.reqId).toEqual(expect.any(String));
    await app.close();
  });

  it('works with logging off (Fastify’s no-op logger)', async () => {
    const app = appLogging(false);
    expect((await app.inject('/')).json()).toEqual({ ok: true });
    await app.close();
  });
});
