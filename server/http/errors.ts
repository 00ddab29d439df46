import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** A rule broken by the caller: the route answers `status` with `{ message }` and changes nothing. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Every error leaves as `{ message }`. Bad input is a 400 that names what is wrong, in the words the
 * contract's zod schemas use (the same words the SPA shows next to fields). Only our own bugs are 500s.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.status).send({ message: error.message });
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      const message = [...new Set(errors.map((e) => e.message))].join('. ');
      return reply.code(400).send({ message, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match the contract');
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    // Fastify's own 4xx (malformed JSON, body too large, wrong content type, rate limit...).
    return reply.code(status).send({ message: error.message });
  });
}
