import type { FastifySchemaCompiler } from 'fastify';
import { type $ZodType, safeParse } from 'zod/v4/core';

/**
 * Request validation against the contract's zod schemas, in our words. The contract names its
 * fields and rules (`text({label})`, custom messages); where a schema gives no message of its own,
 * zod would fall back to its defaults ("Invalid input: expected object, received array"). This
 * validator passes zod a per-parse error map, which zod consults only after the schema's own
 * messages, so those defaults never reach a caller: the field (its wire name) and the rule instead.
 */

export type ValidationEntry = { instancePath: string; keyword: string; message: string };
type Part = 'body' | 'querystring' | 'params' | 'headers';

/** Marks our validation results, so the error handler can tell them from any other error. */
export const VALIDATION_ENTRY = Symbol.for('gatepass.validation');

const PART_NAME: Record<Part, string> = {
  body: 'Request body',
  querystring: 'Query',
  params: 'URL',
  headers: 'Headers',
};

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
  null: 'empty',
};

type RawIssue = {
  code?: string;
  path?: PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  values?: unknown[];
  keys?: string[];
  divisor?: number;
  errors?: RawIssue[][];
};

function fieldName(part: Part, path: PropertyKey[] | undefined): string {
  if (!path || path.length === 0) return PART_NAME[part];
  return path.map(String).join('.');
}

function sizeUnit(origin: string | undefined, n: number | bigint): string {
  if (origin === 'string') return ` ${n === 1 ? 'character' : 'characters'} long`;
  if (origin === 'array' || origin === 'set') return ` ${n === 1 ? 'item' : 'items'}`;
  return '';
}

const listOf = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/** One sentence for an issue the contract did not word itself: the field, then the rule it broke. */
export function describeIssue(issue: RawIssue, part: Part): string {
  const field = fieldName(part, issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return `${field} is required`;
      if (!issue.path?.length && part === 'body' && issue.expected === 'object') {
        return 'Request body must be a JSON object';
      }
      return `${field} must be ${TYPE_WORDS[issue.expected ?? ''] ?? issue.expected}`;
    }
    case 'too_big':
      return `${field} must be at most ${issue.maximum}${sizeUnit(issue.origin, issue.maximum ?? 0)}`;
    case 'too_small':
      return `${field} must be at least ${issue.minimum}${sizeUnit(issue.origin, issue.minimum ?? 0)}`;
    case 'invalid_format':
      return issue.format === 'regex'
        ? `${field} is not in the expected form`
        : `${field} must be a valid ${issue.format}`;
    case 'invalid_value':
      return `${field} must be ${issue.values?.length === 1 ? listOf(issue.values) : `one of: ${listOf(issue.values ?? [])}`}`;
    case 'invalid_union': {
      const values = issue.errors
        ?.flat()
        .flatMap((e) => (e.code === 'invalid_value' ? (e.values ?? []) : []));
      return values?.length ? `${field} must be one of: ${listOf(values)}` : `${field} is not valid`;
    }
    case 'unrecognized_keys':
      return `${field} has unknown ${issue.keys?.length === 1 ? 'field' : 'fields'}: ${issue.keys?.join(', ')}`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${issue.divisor}`;
    default:
      return `${field} is not valid`;
  }
}

/**
 * Hand-checked fast paths for hot inputs (decision 068: POST /api/orders in a flash sale). Each
 * returns exactly zod's output for an input every rule accepts in its plainest form, else
 * `undefined`, and then zod parses it as always: a refusal is only ever zod's, in the same words.
 */
const fastPaths = new WeakMap<object, (data: unknown) => unknown>();

/** Lets `fast` answer for `schema` before zod does (see fastPaths); registered by the route's module. */
export function registerFastPath<T>(schema: $ZodType<T>, fast: (data: unknown) => T | undefined) {
  fastPaths.set(schema, fast);
}

/** Fastify validator compiler for zod schemas; failures become `ValidationEntry`s for the error handler. */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const fast = fastPaths.get(schema)?.(data);
    if (fast !== undefined) return { value: fast };
    const part = (httpPart ?? 'body') as Part;
    const result = safeParse(schema, data, { error: (issue) => describeIssue(issue as RawIssue, part) });
    if (result.success) return { value: result.data };
    const entries = result.error.issues.map((issue) => ({
      [VALIDATION_ENTRY]: true,
      keyword: issue.code,
      instancePath: `/${issue.path.map(String).join('/')}`,
      message: issue.message,
    }));
    return { error: entries as unknown as Error };
  };

export function isOurValidation(validation: unknown): validation is ValidationEntry[] {
  return (
    Array.isArray(validation) &&
    validation.length > 0 &&
    (validation[0] as Record<symbol, unknown>)[VALIDATION_ENTRY] === true
  );
}
