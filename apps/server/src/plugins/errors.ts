import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { localizeMessage, messageLanguage, type MessageLanguage } from '@meramot/shared';
import { databaseFailure } from '../lib/db-errors';
import { HttpError } from '../lib/http-error';

const PG_MESSAGES: Record<string, [number, string]> = {
  '23505': [409, 'This record already exists.'],
  '23503': [409, 'This record refers to something that does not exist or is still in use.'],
  '23514': [400, 'The data breaks a rule of the marketplace.'],
  '22P02': [400, 'A value has the wrong format.'],
  '22001': [400, 'A value is too long.'],
  '22003': [400, 'A number is out of range.'],
  '22021': [400, 'A text contains a character that is not allowed.'],
  '22P05': [400, 'A text contains a character that is not allowed.'],
};

/** Seconds a client should wait before retrying while the database cannot answer. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Messages for the failures Fastify answers before routing, which never reach the error handler. */
const FRAMEWORK_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The address is not valid: it has a malformed %-escape.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'A part of the address is too long.'],
};

/** Fastify's `frameworkErrors` option: a malformed or over-long address answers `{ error }` too. */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_MESSAGES[err.code];
  const clientStatus =
    typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 0;
  const [status, message] =
    known ??
    (clientStatus
      ? [clientStatus, 'The request is not valid.']
      : [500, 'Something went wrong on our side. Please try again.']);
  return reply.code(status).send({ error: message });
}

/** Requests Node's HTTP parser refuses before Fastify sees them, by the parser's error code. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

/**
 * Fastify's `clientErrorHandler` option: a request the HTTP parser refuses (headers too large, a
 * malformed request line, a timeout) answers `{ error }` like every other failure, then the
 * connection closes (it cannot be read further).
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = (err.code && CLIENT_ERRORS[err.code]) || [400, 'The request is malformed.'];
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** The language of a request's error sentences: Bangla when Accept-Language prefers `bn`, else English. */
export const errorLanguage = (request: FastifyRequest): MessageLanguage =>
  messageLanguage(request.headers['accept-language']);

const BANGLA_WHERE: Record<string, string> = {
  body: 'অনুরোধের তথ্যে',
  querystring: 'ঠিকানার প্রশ্নে',
  params: 'ঠিকানায়',
  headers: 'হেডারে',
};

/** A Bangla validation part: the catalogue's sentence, else a plain "not valid" (the field stays named). */
function banglaReason(message: string | undefined): string {
  // The catalogue keeps a schema's sentence as the schema says it: with its full stop or without.
  for (const text of new Set([message ?? '', (message ?? '').replace(/\.$/, '')])) {
    const bangla = localizeMessage(text, 'bn');
    if (bangla !== text) return bangla.replace(/।$/, '');
  }
  return 'সঠিক নয়';
}

/**
 * One error handler: every failure answers `{ error }` with the right status, never a stack trace.
 * The sentence is English, or Bangla when the request's Accept-Language prefers `bn` (the shared
 * message catalogue); a validation error names its fields in both.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const error = reply.statusCode >= 400 ? (payload as { error?: unknown } | null)?.error : undefined;
    if (typeof error !== 'string') return payload;
    reply.header('vary', 'Accept-Language');
    return errorLanguage(request) === 'bn' ? { ...(payload as object), error: localizeMessage(error, 'bn') } : payload;
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      const bangla = errorLanguage(request) === 'bn';
      const parts = err.validation.map((v) => {
        const keys = (v.params as { keys?: string[] }).keys;
        if (v.keyword === 'unrecognized_keys' && keys) {
          if (bangla) return `অজানা ঘর ${keys.join(', ')}`;
          return `unknown field${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
        }
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        if (bangla) return `${field || where}: ${banglaReason(v.message)}`;
        return `${field || where}: ${(v.message ?? 'is invalid').replace(/\.$/, '')}`;
      });
      if (bangla)
        return reply.code(400).send({ error: `${BANGLA_WHERE[where] ?? 'অনুরোধে'} ভুল আছে: ${parts.join('; ')}।` });
      return reply.code(400).send({ error: `Invalid ${where}: ${parts.join('; ')}.` });
    }
    if (err instanceof HttpError) {
      if (err.statusCode === 503) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      const bangla = err.bn && errorLanguage(request) === 'bn';
      return reply.code(err.statusCode).send({ error: bangla ? err.bn : err.message });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
    }
    // A database error is logged by its code, constraint and route only: Drizzle's message holds the
    // SQL text and its parameters (personal data), so the error itself is never logged.
    const db = databaseFailure(err);
    if (db) {
      const where = {
        code: db.code,
        constraint: db.constraint,
        route: request.routeOptions.url,
        method: request.method,
      };
      if (db.unavailable) {
        request.log.warn(where, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ error: 'The service is temporarily unavailable. Please try again in a few seconds.' });
      }
      const known = db.code ? PG_MESSAGES[db.code] : undefined;
      if (known) {
        request.log.warn(where, 'database refused a change');
        return reply.code(known[0]).send({ error: known[1] });
      }
      request.log.error(where, 'database error');
      return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // @fastify/rate-limit throws the plain `{ statusCode, error }` its errorResponseBuilder makes.
      let message = err.message || (err as { error?: string }).error || `The request failed (HTTP ${status}).`;
      if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError')
        message = 'The request body is not valid JSON.';
      else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = 'The request body is too large.';
      else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = 'The request body must be JSON.';
      else if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') message = 'The request body is empty.';
      return reply.code(status).send({ error: message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
});
