import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { createOrderRequest } from '../../contract/orders';
import { validatorCompiler } from '../../server/http/validation';
import { fastCreateOrder } from '../../server/modules/orders/fastCreateOrder';

// The fast path of POST /api/orders' body (decision 068) against zod itself: wherever it answers,
// it answers what zod would; it never accepts what zod refuses.

const EVENT = '0b6f7a3e-52c1-4c4f-9a8e-1f2d3c4b5a69';
const TYPE = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const QUESTION = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';

const valid = () => ({
  eventId: EVENT,
  items: { [TYPE]: 2 },
  buyer: { firstName: ' Ada ', lastName: 'Obi', email: ' Ada.Obi@Example.COM ', phone: '+234 0803 123 4567' },
  accessCode: ' flash2026 ',
  answers: [
    { questionId: QUESTION, value: ' M ' },
    { questionId: QUESTION, ticketId: TYPE, index: 0, value: 'UNILAG/1' },
    { questionId: QUESTION, ticketId: TYPE, index: 1, value: true },
  ],
});

const zod = (data: unknown) => {
  const r = safeParse(createOrderRequest, data);
  return r.success ? { ok: true as const, value: r.data } : { ok: false as const };
};

/** Values a field may be mutated to: edges of every rule, wrong types, look-alikes. */
const ODD: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'x',
  'a'.repeat(40),
  'a'.repeat(41),
  'a'.repeat(60),
  'a'.repeat(61),
  'a'.repeat(200),
  'a'.repeat(201),
  'a\u0000b',
  ' a\n',
  'a\tb',
  '\u0085',
  'ÉLAN',
  0,
  -0,
  -1,
  1.5,
  10,
  11,
  200,
  201,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  [],
  {},
  [1],
  { a: 1 },
  EVENT,
  EVENT.toUpperCase(),
  '00000000-0000-0000-0000-000000000000',
  '0b6f7a3e-52c1-9c4f-9a8e-1f2d3c4b5a69',
  'not-a-uuid',
  'a@b.co',
  'A@B.CO',
  'a@b',
  'a..b@c.com',
  '+2348031234567',
  '+44 7911 123456',
  '+1 202-555-0123',
  '+2348031234567890123456789012345',
  '+99 123',
  'v1.123.abcdefghijABCDEFGHIJ0123456789_-abcdefghi',
  'v1.123.short',
];

function* paths(value: unknown, prefix: (string | number)[] = []): Generator<(string | number)[]> {
  if (value === null || typeof value !== 'object') return;
  for (const k of Object.keys(value)) {
    const p = [...prefix, Array.isArray(value) ? Number(k) : k];
    yield p;
    yield* paths((value as Record<string, unknown>)[k], p);
  }
}

function setAt(root: unknown, path: (string | number)[], v: unknown) {
  let cur = root as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (v === undefined && !Array.isArray(cur)) delete cur[last];
  else cur[last] = structuredClone(v);
}

function check(body: unknown) {
  const fast = fastCreateOrder(structuredClone(body));
  const slow = zod(structuredClone(body));
  if (fast !== undefined) {
    expect(slow.ok, JSON.stringify(body)).toBe(true);
    if (slow.ok) expect(fast).toStrictEqual(slow.value);
  }
  return fast !== undefined;
}

describe('POST /api/orders body fast path', () => {
  it('answers a plain valid body exactly as zod does', () => {
    expect(check(valid())).toBe(true);
    const minimal = { eventId: EVENT, items: { [TYPE]: 1 }, buyer: valid().buyer };
    expect(check(minimal)).toBe(true);
    const attendees = {
      ...minimal,
      attendees: [{ ticketId: TYPE, firstName: 'Ngozi', lastName: ' Eze', email: 'N@E.ng' }],
      onsalePass: `v1.123.${'A'.repeat(43)}`,
    };
    expect(check(attendees)).toBe(true);
  });

  it('every single-field mutation: the same answer as zod, or zod decides', () => {
    const base = valid();
    let accepted = 0;
    let total = 0;
    for (const path of paths(base))
      for (const v of ODD) {
        const body = structuredClone(base);
        setAt(body, path, v);
        total += 1;
        if (check(body)) accepted += 1;
      }
    // Extra keys at every level go to zod (which strips them); so do top-level odd shapes.
    for (const extra of [
      { ...base, extra: 1 },
      { ...base, buyer: { ...base.buyer, extra: 1 } },
      { ...base, answers: [{ ...base.answers[0]!, extra: 1 }] },
      JSON.parse(`{"eventId":"${EVENT}","items":{"__proto__":1},"buyer":${JSON.stringify(base.buyer)}}`),
      JSON.parse(
        `{"eventId":"${EVENT}","items":{},"buyer":${JSON.stringify(base.buyer)},"__proto__":{"x":1}}`,
      ),
      [],
      null,
      'body',
    ]) {
      total += 1;
      expect(check(extra)).toBe(false);
    }
    // Both sides were exercised: many mutations stay valid (trimmed, edges), many do not.
    expect(accepted).toBeGreaterThan(50);
    expect(total - accepted).toBeGreaterThan(200);
  });

  it('random multi-field mutations agree with zod', () => {
    let seed = 68;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const base = valid();
    const all = [...paths(base)];
    for (let i = 0; i < 3000; i++) {
      const body = structuredClone(base);
      for (let k = rand(3) + 1; k > 0; k--) {
        const live = [...paths(body)];
        const path = live.length ? live[rand(live.length)]! : all[0]!;
        setAt(body, path, ODD[rand(ODD.length)]);
      }
      check(body);
    }
  });

  it('the validator refuses what zod refuses, in the same words', () => {
    const validate = validatorCompiler({
      schema: createOrderRequest,
      method: 'POST',
      url: '/api/orders',
      httpPart: 'body',
    } as Parameters<typeof validatorCompiler>[0]);
    const bad = { ...valid(), buyer: { ...valid().buyer, email: 'nope' } };
    const r = validate(bad) as { error?: { message: string }[] };
    expect(r.error?.map((e) => e.message)).toEqual(['Invalid email address']);
    const ok = validate(valid()) as { value?: unknown };
    expect(ok.value).toStrictEqual(zod(valid()).ok && zod(valid()).value);
  });
});
