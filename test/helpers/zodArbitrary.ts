import fc from 'fast-check';

/**
 * fast-check arbitraries from the contract's zod schemas (zod 4 classic or mini: both expose
 * `_zod.def`). `validish` generates values shaped like the schema — real emails, uuids from a pool
 * of existing ids, dates, strings of the allowed length, regex-matching codes — so requests reach
 * past validation into the services; `mutated` then breaks them the ways careless and hostile
 * clients do. Schemas this does not understand get `fc.anything()`, which is fuzzing too.
 */

// biome-ignore lint/suspicious/noExplicitAny: walking zod's internal definitions of any schema
type AnySchema = any;

export type Pools = {
  /** Ids that exist (events, users, sessions): a generated uuid usually misses every row. */
  ids: () => string[];
  /** Strings worth trying anywhere: the signed-in user's email, username and password. */
  strings: () => string[];
};

const def = (schema: AnySchema) => schema?._zod?.def ?? {};

/** Hostile values for any position. */
export const BAD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  [],
  {},
  [1, 'a'],
  { nested: { deeper: ['x'] } },
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007bell\u001b[31m',
  '\u202egnp.exe',
  'x'.repeat(8192),
  `${'a'.repeat(8192)}@example.ng`,
  '😀'.repeat(600),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '0000-01-01',
  '9999-12-31',
  '2026-02-31',
  '-1',
  '1e400',
  'NaN',
  'null',
  '%00',
];

type StringChecks = { min?: number; max?: number; format?: string; pattern?: RegExp };

function stringChecks(schema: AnySchema, into: StringChecks = {}): StringChecks {
  const d = def(schema);
  if (d.format) into.format = d.format;
  if (d.pattern instanceof RegExp && d.format === 'regex') into.pattern = d.pattern;
  for (const check of d.checks ?? []) {
    const c = def(check);
    if (c.check === 'min_length') into.min = Math.max(into.min ?? 0, c.minimum);
    if (c.check === 'max_length') into.max = Math.min(into.max ?? Number.POSITIVE_INFINITY, c.maximum);
    if (c.check === 'length_equals') into.min = into.max = c.length;
    if (c.check === 'string_format') {
      into.format = c.format;
      if (c.format === 'regex' && c.pattern instanceof RegExp) into.pattern = c.pattern;
    }
  }
  return into;
}

function stringArbitrary(checks: StringChecks, pools: Pools): fc.Arbitrary<string> {
  const pooled = fc.nat().map((n) => {
    const list = pools.strings();
    return list.length ? list[n % list.length]! : 'x';
  });
  switch (checks.format) {
    case 'email':
      return fc.oneof(
        { weight: 1, arbitrary: fc.emailAddress().filter((e) => e.length <= 254) },
        { weight: 2, arbitrary: fc.stringMatching(/^[a-z]{1,10}\.[a-z0-9]{1,8}@example\.ng$/) },
        { weight: 2, arbitrary: pooled.filter((v) => v.includes('@')) },
      );
    case 'uuid':
    case 'guid':
      return fc.oneof(fc.uuid(), idFrom(pools));
    case 'date':
      return fc.constantFrom('2026-05-01', '2026-12-31', '2027-02-28');
    case 'datetime':
      return fc.constant('2026-05-01T10:00:00Z');
    case 'url':
      return fc.webUrl();
  }
  if (checks.pattern) {
    const source = checks.pattern;
    return fc.stringMatching(source).filter((s) => s.length <= (checks.max ?? 500));
  }
  const min = checks.min ?? 0;
  const max = Math.min(checks.max ?? 40, min + 40);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, max) }) },
    { weight: 1, arbitrary: pooled },
    { weight: 1, arbitrary: fc.constantFrom('Lagos#2026', 'Music', 'Chiamaka', 'Tech') },
  );
}

function idFrom(pools: Pools): fc.Arbitrary<string> {
  return fc.nat().map((n) => {
    const ids = pools.ids();
    return ids.length ? ids[n % ids.length]! : '00000000-0000-4000-8000-000000000000';
  });
}

function numberArbitrary(schema: AnySchema): fc.Arbitrary<number> {
  let min = -1000;
  let max = 100_000;
  const d = def(schema);
  for (const check of d.checks ?? []) {
    const c = def(check);
    if (c.check === 'greater_than') min = Number(c.value);
    if (c.check === 'less_than') max = Number(c.value);
  }
  const whole = fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) });
  if (d.type === 'int' || d.format === 'safeint' || d.format === 'int32') return whole;
  return fc.oneof(whole, fc.double({ min, max: Math.max(min, max), noNaN: true }));
}

/** Values shaped like `schema` accepts (mostly valid, sometimes just plausible). */
export function validish(schema: AnySchema, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  const d = def(schema);
  if (depth > 6) return fc.constant(undefined);
  switch (d.type) {
    case 'object': {
      const shape: Record<string, AnySchema> = d.shape ?? {};
      const keys = Object.keys(shape);
      const required = keys.filter((k) => def(shape[k]).type !== 'optional');
      return fc.record(Object.fromEntries(keys.map((k) => [k, validish(shape[k], pools, depth + 1)])), {
        requiredKeys: required,
      });
    }
    case 'string':
      return stringArbitrary(stringChecks(schema), pools);
    case 'pipe': {
      const inner = def(d.in);
      const outer = def(d.out);
      if (inner.type === 'string' && outer.type === 'string') {
        return stringArbitrary(stringChecks(d.out, stringChecks(d.in)), pools);
      }
      return validish(d.in, pools, depth + 1);
    }
    case 'number':
    case 'int':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, unknown>));
    case 'union':
      return fc.oneof(...(d.options as AnySchema[]).map((o) => validish(o, pools, depth + 1)));
    case 'optional':
      return fc.option(validish(d.innerType, pools, depth + 1), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(validish(d.innerType, pools, depth + 1), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validish(d.innerType, pools, depth + 1);
    case 'array':
      return fc.array(validish(d.element, pools, depth + 1), { maxLength: 3 });
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), validish(d.valueType, pools, depth + 1), {
        maxKeys: 3,
      });
    case 'null':
      return fc.constant(null);
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

const CONTROL = ['\u0000', '\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u0000\u0000'];

/** Sets `key` of an object copy; a non-object value stands for itself. */
function withKey(value: unknown, pick: number, change: (old: unknown) => unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return change(value);
  const keys = Object.keys(value);
  if (keys.length === 0) return { ...value, extra: change(undefined) };
  const key = keys[pick % keys.length]!;
  return { ...value, [key]: change((value as Record<string, unknown>)[key]) };
}

/**
 * Mutations of a valid-ish value: the rest of the value stays valid, so the broken part reaches
 * whatever is behind validation. Control characters slipped into a real string and over-long strings
 * are weighted up: they are the values that got through to PostgreSQL before.
 */
export function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const bad = fc.constantFrom(...BAD_VALUES);
  return fc.oneof(
    { weight: 3, arbitrary: base },
    {
      weight: 4,
      arbitrary: fc
        .tuple(base, fc.nat(), fc.nat(), fc.constantFrom(...CONTROL))
        .map(([value, pick, at, ch]) =>
          withKey(value, pick, (old) => {
            const text = typeof old === 'string' && old.length ? old : 'value';
            const i = at % (text.length + 1);
            return `${text.slice(0, i)}${ch}${text.slice(i)}`;
          }),
        ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(base, fc.nat(), fc.constantFrom(300, 8192, 70_000))
        .map(([value, pick, size]) =>
          withKey(value, pick, (old) =>
            typeof old === 'string' && old.includes('@') ? `${'a'.repeat(size)}${old}` : 'x'.repeat(size),
          ),
        ),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(base, fc.nat(), bad)
        .map(([value, pick, hostile]) => withKey(value, pick, () => hostile)),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(base, fc.nat()).map(([value, pick]) => {
        if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
        const keys = Object.keys(value);
        const copy: Record<string, unknown> = { ...value };
        if (keys.length) delete copy[keys[pick % keys.length]!];
        return copy;
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.string({ maxLength: 12 }), bad)
        .map(([value, key, hostile]) =>
          value && typeof value === 'object' && !Array.isArray(value)
            ? { ...value, [key || 'k']: hostile }
            : value,
        ),
    },
    { weight: 1, arbitrary: bad },
    { weight: 1, arbitrary: fc.array(base, { maxLength: 2 }) },
  );
}
