import { describe, expect, it } from 'vitest';
import { DATE_RANGE, isoDate } from '../../contract/common';
import { hasControlCharacters, stripControlCharacters, text } from '../../contract/text';

/**
 * The shared text rule, checked over every request schema of every contract file — found by name
 * (`…Request`, `…Query`, `…Params`), so files added later are held to it too: every string a client
 * sends refuses NUL (PostgreSQL cannot store it) and is bounded (indexes and bucket keys have limits).
 */

// biome-ignore lint/suspicious/noExplicitAny: walking zod definitions
type AnySchema = any;
const modules = import.meta.glob('../../contract/*.ts', { eager: true }) as Record<
  string,
  Record<string, unknown>
>;

const def = (s: AnySchema) => s?._zod?.def ?? {};
function unwrap(schema: AnySchema): AnySchema {
  let s = schema;
  while (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def(s).type))
    s = def(s).innerType;
  return s;
}
const isString = (s: AnySchema) =>
  def(s).type === 'string' || (def(s).type === 'pipe' && def(def(s).in).type === 'string');

const textFields: { name: string; key: string; schema: AnySchema }[] = [];
for (const [file, exports] of Object.entries(modules)) {
  for (const [name, value] of Object.entries(exports)) {
    if (!/(Request|Query|Params)$/.test(name) || def(value).type !== 'object') continue;
    for (const [key, field] of Object.entries(def(value).shape as Record<string, AnySchema>)) {
      if (isString(unwrap(field)))
        textFields.push({ name: `${file.split('/').pop()} ${name}`, key, schema: value });
    }
  }
}

const issuesAt = (schema: AnySchema, key: string, value: unknown) =>
  (schema.safeParse({ [key]: value }).error?.issues ?? []).filter(
    (i: { path: PropertyKey[] }) => i.path.length >= 1 && i.path[0] === key,
  );

describe('every text field of every request in contract/', () => {
  it('finds the request schemas and their text fields', () => {
    expect(textFields.length).toBeGreaterThanOrEqual(20);
    expect(textFields.map((f) => `${f.name}.${f.key}`)).toEqual(
      expect.arrayContaining([
        'users.ts registerRequest.firstName',
        'contact.ts contactRequest.message',
        'events.ts eventSearchQuery.q',
      ]),
    );
  });

  it.each(textFields)(
    '$name.$key refuses NUL and control characters, naming the field',
    ({ schema, key }) => {
      for (const bad of ['a\u0000b', 'ab\u0007', '\u001b[31mred']) {
        const issues = issuesAt(schema, key, bad);
        expect(issues.length, JSON.stringify(bad)).toBeGreaterThan(0);
        for (const issue of issues) expect(issue.message).not.toMatch(/^Invalid input/);
      }
    },
  );

  it.each(textFields)('$name.$key is bounded', ({ schema, key }) => {
    expect(issuesAt(schema, key, 'a'.repeat(20_000)).length).toBeGreaterThan(0);
  });

  it.each(textFields)(
    '$name.$key says "must be text" (not zod\'s words) for a list or a number',
    ({ schema, key }) => {
      for (const wrong of [['a'], 42, { a: 1 }]) {
        const messages = issuesAt(schema, key, wrong).map((i: { message: string }) => i.message);
        expect(messages.length).toBeGreaterThan(0);
        for (const m of messages) expect(m).not.toMatch(/Invalid input|expected \w+, received/);
      }
    },
  );
});

describe('text()', () => {
  const field = text({ label: 'Event name', max: 10, required: true });
  it('trims, bounds and names the field in each message', () => {
    expect(field.parse('  Afrobeats ')).toBe('Afrobeats');
    expect(field.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe(
      'Event name can be at most 10 characters long',
    );
    expect(field.safeParse('   ').error?.issues[0]?.message).toBe('Event name is required');
    expect(field.safeParse(undefined).error?.issues[0]?.message).toBe('Event name is required');
    expect(field.safeParse(['x']).error?.issues.map((i) => i.message)).toEqual(['Event name must be text']);
    expect(field.safeParse('a\u0000').error?.issues[0]?.message).toBe(
      'Event name contains characters that are not allowed',
    );
  });
  it('keeps line breaks and tabs only in multi-line fields', () => {
    expect(hasControlCharacters('a\nb\tc', true)).toBe(false);
    expect(hasControlCharacters('a\nb', false)).toBe(true);
    expect(hasControlCharacters('a\u0000b', true)).toBe(true);
    expect(stripControlCharacters('Mozilla\u0000/5.0\u0007')).toBe('Mozilla/5.0');
  });
});

describe('dates', () => {
  it('are real calendar dates within a sane range', () => {
    for (const ok of [DATE_RANGE.min, DATE_RANGE.max, '2028-02-29', '2026-12-31'])
      expect(isoDate.safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      '0000-01-01',
      '1899-12-31',
      '3000-01-01',
      '9999-12-31',
      '2026-02-29',
      '2026-02-31',
      '2026-13-01',
      '26-01-01',
      '2026-1-1',
    ]) {
      expect(isoDate.safeParse(bad).success, bad).toBe(false);
    }
    expect(isoDate.safeParse('0000-01-01').error?.issues.map((i) => i.message)).toEqual([
      'Date must be between 1900-01-01 and 2999-12-31',
    ]);
  });
});
