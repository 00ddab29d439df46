import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { integrityAnswer } from './integrity';
import { applySecurityHeaders, securityHeaderLines } from './security';
import { isOurValidation } from './validation';

/** A rule broken by the caller: the route answers `status` with `{ message }` and changes nothing. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const SERVER_FAULT = 'Something went wrong on our side. Please try again.';

/**
 * What Fastify itself refuses, in our words. Its own messages name its internals ("FST_ERR_…",
 * "Body cannot be empty when content-type is set to 'application/json'"); ours say what to fix.
 */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'This address does not accept a body of that Content-Type. Send JSON (Content-Type: application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request says it carries JSON but its body is empty. Send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the request body',
  FST_ERR_BAD_URL: 'The address is not valid: it contains malformed %-encoding',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed',
};

function frameworkMessage(error: FastifyError, status: number): string {
  const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
  if (known) return known;
  // The JSON parser's own errors: a syntax error, or a `__proto__`/`constructor` key refused.
  if (error instanceof SyntaxError) return 'Request body is not valid JSON';
  if (/prototype|constructor/i.test(error.message)) {
    return 'Request body contains a forbidden property name (__proto__ or constructor)';
  }
  // Plugins' 4xx (multipart limits...) speak plainly enough; anything else gets the status text.
  return error.message && !error.message.startsWith('FST_')
    ? error.message
    : (http.STATUS_CODES[status] ?? 'Bad request');
}

/** `{message, errors}` for a request that broke the contract: every rule broken, with where. */
function validationBody(validation: { instancePath: string; message?: string }[]) {
  const errors = validation.map((v) => ({
    path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: v.message ?? 'Invalid value',
  }));
  return { message: [...new Set(errors.map((e) => e.message))].join('. '), errors };
}

/**
 * Every error leaves as `{ message[, errors] }`. Bad input is a 400 that names what is wrong, in the
 * words the contract's zod schemas use (the same words the SPA shows next to fields). Only our own
 * bugs are 500s, logged with the error (see server/http/logging.ts for what never reaches a log).
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.status).send({ message: error.message });
    if (isOurValidation(error.validation) || hasZodFastifySchemaValidationErrors(error)) {
      const body = validationBody(error.validation ?? []);
      // An id in the path or query that does not parse (a malformed id) names nothing: the route's 404.
      // (Control characters or an over-long value in the path stay a 400 that says so.)
      const names = error.validationContext === 'params' || error.validationContext === 'querystring';
      if (names && body.message.endsWith(' not found'))
        return reply.code(404).send({ message: body.message });
      return reply.code(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match the contract');
      return reply.code(500).send({ message: SERVER_FAULT });
    }
    // A write that lost a race with a concurrent change (its parent deleted, the same unique value
    // inserted): the 404/409 it would have got a moment later. Logged by constraint name only.
    const integrity = integrityAnswer(error);
    if (integrity) {
      request.log.info({ constraint: integrity.constraint }, 'write refused by a concurrent change');
      return reply.code(integrity.status).send({ message: integrity.message });
    }
    const status = error.statusCode ?? 500;
    if (status < 400 || status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ message: SERVER_FAULT });
    }
    return reply.code(status).send({ message: frameworkMessage(error, status) });
  });
}

/**
 * Fastify's `frameworkErrors` option: a URL it cannot decode or a parameter over `maxParamLength`
 * is answered before any hook runs, so the security headers are set here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  applySecurityHeaders(request.raw, reply.raw);
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.code(status).send({ message: frameworkMessage(error, status) });
}

/**
 * Fastify's `clientErrorHandler` option: Node could not even parse the request (headers too large,
 * too slow, garbage). There is no request object; the answer goes straight to the socket, still as
 * `{message}` with our security headers.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request could not be read'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n${securityHeaderLines()}\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The API's 404: `{message}` naming the method and path (never the query, which may carry a token). */
export function notFoundBody(request: FastifyRequest) {
  const path = request.url.split('?')[0] ?? '';
  return { message: `No route for ${request.method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path}` };
}
