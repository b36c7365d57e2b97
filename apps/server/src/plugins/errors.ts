import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';

interface PgLikeError {
  code?: string;
  constraint?: string;
}

const PG_MESSAGES: Record<string, [number, string]> = {
  '23505': [409, 'This record already exists.'],
  '23503': [409, 'This record refers to something that does not exist or is still in use.'],
  '23514': [400, 'The data breaks a rule of the marketplace.'],
  '22P02': [400, 'A value has the wrong format.'],
  '22001': [400, 'A value is too long.'],
  '22003': [400, 'A number is out of range.'],
};

/** Messages for the failures Fastify answers before routing, which never reach the error handler. */
const FRAMEWORK_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The address is not valid: it has a malformed %-escape.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'A part of the address is too long.'],
};

/** Fastify's `frameworkErrors` option: a malformed or over-long address answers `{ error }` too. */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_MESSAGES[err.code];
  const [status, message] = known ?? [500, 'Something went wrong on our side. Please try again.'];
  return reply.code(status).send({ error: message });
}

/** One error handler: every failure answers `{ error }` with the right status, never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError & PgLikeError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      const parts = err.validation.map((v) => {
        const keys = (v.params as { keys?: string[] }).keys;
        if (v.keyword === 'unrecognized_keys' && keys) {
          return `unknown field${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
        }
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return `${field || where}: ${(v.message ?? 'is invalid').replace(/\.$/, '')}`;
      });
      return reply.code(400).send({ error: `Invalid ${where}: ${parts.join('; ')}.` });
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ error: err.message });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
    }
    if (err.code && PG_MESSAGES[err.code]) {
      const [status, message] = PG_MESSAGES[err.code]!;
      request.log.warn({ code: err.code, constraint: err.constraint }, 'database refused a change');
      return reply.code(status).send({ error: message });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // @fastify/rate-limit throws the plain `{ statusCode, error }` its errorResponseBuilder makes.
      let message = err.message || (err as { error?: string }).error || `The request failed (HTTP ${status}).`;
      if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError') message = 'The request body is not valid JSON.';
      else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = 'The request body is too large.';
      else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = 'The request body must be JSON.';
      else if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') message = 'The request body is empty.';
      return reply.code(status).send({ error: message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
});
