import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Response serialization compiled once per route from the zod contract, instead of parsing every
 * response object with zod and then JSON.stringify-ing it (what fastify-type-provider-zod's
 * serializer does, about half the CPU of a read). The contract becomes a JSON schema
 * (z.toJSONSchema) and fast-json-stringify turns that into one specialised function: the same
 * fields, in the same order, nothing else (unknown keys are dropped, as zod would), and a missing
 * required field still throws.
 *
 * Only for schemas whose wire form equals their parsed form (no transforms, codecs or types JSON
 * Schema cannot say): for those the zod serializer stays, unchanged.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const compiled = compile(route.schema);
  return compiled ?? zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
};

type Compiled = ((data: unknown) => string) | null;

/**
 * One compiled function per contract schema for the whole process: a schema object is immutable
 * and the function keeps no state, so every app built in the process (the API tests build a few
 * hundred, each compiling ~125 routes: a sixth of their CPU) shares it.
 */
const cache = new WeakMap<object, Compiled>();

function compile(schema: unknown): Compiled {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  if (cache.has(schema)) return cache.get(schema) ?? null;
  const compiled = compileOnce(schema);
  cache.set(schema, compiled);
  return compiled;
}

function compileOnce(schema: object): Compiled {
  try {
    const output = z.toJSONSchema(schema as ZodType, { io: 'output', target: 'draft-7' });
    const input = z.toJSONSchema(schema as ZodType, { io: 'input', target: 'draft-7' });
    // Different shapes in and out mean a transform or codec the zod serializer must run. (Objects
    // differ only in additionalProperties: closed on output, open on input.)
    if (JSON.stringify(output, ignoreClosedness) !== JSON.stringify(input, ignoreClosedness)) return null;
    // A record's `propertyNames` says what its keys may be, which a serializer has no use for, and
    // fast-json-stringify's ajv warns about it (strict mode) on every compile.
    const forSerializer = JSON.parse(
      JSON.stringify(output, (key, value) => (key === 'propertyNames' ? undefined : value)),
    );
    return fastJsonStringify(forSerializer) as (data: unknown) => string;
  } catch {
    return null;
  }
}

function ignoreClosedness(key: string, value: unknown) {
  return key === 'additionalProperties' ? undefined : value;
}
