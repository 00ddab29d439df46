// bench/live-codes: what live codes (decision 058) cost the door. (1) The offline list's size per
// 1,000 tickets without phone keys and with one on every ticket (the worst case), raw, gzip and
// brotli (quality 4, as server/http/compression.ts sends it), built with the list's own hashing and shape. (2) The time the door's offline judge takes
// for one scan in Chromium, for a live code (ECDSA P-256: decompress the key, import, verify) and a
// printed code (Ed25519), at full speed and with the CPU slowed 4× through CDP.
// Run: npx tsx bench/live-codes.ts
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import type { OfflineListResponse, OfflineTicket } from '../contract/checkin';
import { ticketLookupKeys } from '../contract/doorLookup';
import { compressPublicKey, makeDeviceKeyPair } from '../contract/rotatingCode';
import { lookupHashSync, newLookupSalt } from '../server/modules/checkin/lookupHashes';
import { createSigner, publicKeyForScanners } from '../server/modules/issued-tickets/signing';

const TICKETS = 1000;
const SCANS = Number(process.env.BENCH_SCANS ?? 200);
const FIRST = ['Ada', 'Chinedu', 'Ngozi', 'Tunde', 'Bisi', 'Emeka', 'Zainab', 'Yemi', 'Kemi', 'Tobi'];
const LAST = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Balogun', 'Nwosu', 'Ibrahim', 'Ogunleye'];

const signer = createSigner(generateKeyPairSync('ed25519').privateKey);
const eventId = randomUUID();
const typeId = randomUUID();
const salt = newLookupSalt();

function ticket(i: number, deviceKey?: string): OfflineTicket {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[(i * 7) % LAST.length]!;
  const lookup = ticketLookupKeys({
    reference:
      `${Math.random().toString(36).slice(2, 7)}${Math.random().toString(36).slice(2, 7)}`.toUpperCase(),
    orderReference: `GP-${Math.random().toString(16).slice(2, 12).padEnd(10, '0').toUpperCase()}`,
    attendeeEmail: `${first}.${last}${i}@example.ng`.toLowerCase(),
    buyerPhone: `080${String(30000000 + i).padStart(8, '0')}`,
  }).map((k) => lookupHashSync(salt, k));
  return {
    id: randomUUID(),
    lookup,
    attendeeName: `${first} ${last}`,
    ticketTypeId: typeId,
    ticketName: 'Regular',
    orderSeats: 1 + (i % 4),
    status: 'valid',
    checkedInAt: null,
    checkedInBy: null,
    ...(deviceKey ? { deviceKey } : {}),
  };
}

function listOf(tickets: OfflineTicket[]): OfflineListResponse {
  return {
    event: {
      id: eventId,
      eventName: 'Afrobeats Night',
      startDate: '2026-12-05',
      startTime: '18:00',
      location: 'Lagos',
    },
    allowedTicketTypeIds: null,
    tickets,
    lookupSalt: salt,
    revoked: [],
    rotatingCodes: 'allowed',
    publicKey: publicKeyForScanners(signer),
    counts: {
      checkedIn: 0,
      total: tickets.length,
      perType: [{ ticketTypeId: typeId, ticketName: 'Regular', checkedIn: 0, total: tickets.length }],
      perGate: [],
    },
    generatedAt: new Date().toISOString(),
  };
}

const sizes = (list: OfflineListResponse) => {
  const raw = Buffer.from(JSON.stringify(list));
  return {
    raw: raw.length,
    gzip: gzipSync(raw).length,
    brotli: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
  };
};

// (1) Sizes: the same 1,000 tickets, without keys, with compressed keys (what ships), with raw keys.
const base = Array.from({ length: TICKETS }, (_, i) => ticket(i));
const phones = await Promise.all(base.map(() => makeDeviceKeyPair()));
const withKeys = base.map((t, i) => ({ ...t, deviceKey: compressPublicKey(phones[i]!.publicKey)! }));
const withRawKeys = base.map((t, i) => ({ ...t, deviceKey: phones[i]!.publicKey }));
const before = sizes(listOf(base));
const after = sizes(listOf(withKeys));
const uncompressed = sizes(listOf(withRawKeys));
console.log(`door list, ${TICKETS} tickets (bytes)      raw      gzip    brotli`);
const row = (name: string, s: typeof before) =>
  console.log(
    `${name.padEnd(38)}${String(s.raw).padStart(8)}${String(s.gzip).padStart(10)}${String(s.brotli).padStart(10)}`,
  );
row('before (no phone keys)', before);
row('after, every ticket keyed (compressed)', after);
row('  if keys were sent uncompressed', uncompressed);
console.log(
  `growth per ticket: ${((after.raw - before.raw) / TICKETS).toFixed(1)} B raw, ${((after.gzip - before.gzip) / TICKETS).toFixed(1)} B gzip`,
);

// (2) Scan time in Chromium: the shipped judge, bundled for the page.
const bundle = await build({
  entryPoints: [new URL('./liveCodesBrowser.ts', import.meta.url).pathname],
  bundle: true,
  format: 'iife',
  write: false,
  platform: 'browser',
});
const script = bundle.outputFiles[0]!.text;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
const page = await browser.newPage();
// A secure context (WebCrypto) on a page of our own.
await page.route('https://bench.gatepass.test/', (r) =>
  r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
);
await page.goto('https://bench.gatepass.test/');
// tsx names the evaluated functions with a helper the page does not have.
await page.addScriptTag({ content: 'window.__name = (f) => f;' });
await page.addScriptTag({ content: script });
const target = base[Math.floor(TICKETS / 2)]!;
const printed = signer.sign({ id: target.id, eventId, ticketTypeId: typeId });

async function timeScans(rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const result = await page.evaluate(
    async ({ list, targetId, printed, eventId, scans }) => {
      // biome-ignore lint/suspicious/noExplicitAny: the bundle's globals
      const b = (globalThis as any).bench;
      const phone = await b.makeDeviceKeyPair();
      const keyed = {
        ...list,
        tickets: list.tickets.map((t: { id: string }) =>
          t.id === targetId ? { ...t, deviceKey: b.compressPublicKey(phone.publicKey) } : t,
        ),
      };
      const code = await b.signRotatingCode(phone.privateKey, targetId, Date.now() / 1000);
      const verify = await b.createVerifier(list.publicKey.jwk.x);
      const time = async (c: string) => {
        const first = await b.judgeCode({
          code: c,
          eventId,
          list: keyed,
          queued: [],
          verify,
          now: Date.now(),
        });
        const t0 = performance.now();
        for (let i = 0; i < scans; i++)
          await b.judgeCode({ code: c, eventId, list: keyed, queued: [], verify, now: Date.now() });
        return { ms: (performance.now() - t0) / scans, result: first.outcome.result };
      };
      return { live: await time(code), printed: await time(printed) };
    },
    { list: listOf(withKeys), targetId: target.id, printed, eventId, scans: SCANS },
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return result;
}

console.log(
  `\none offline scan, judged in Chromium against the ${TICKETS}-ticket keyed list (mean of ${SCANS})`,
);
for (const rate of [1, 4]) {
  const r = await timeScans(rate);
  console.log(
    `CPU ${rate}×: live code ${r.live.ms.toFixed(2)} ms (${r.live.result}), printed code ${r.printed.ms.toFixed(2)} ms (${r.printed.result})`,
  );
}
await browser.close();
