import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * JSON bodies as Fastify parses them (prototype-poisoning keys refused), except that an empty body
 * sent with `Content-Type: application/json` is "no body", as many fetch wrappers and browsers send
 * it on DELETE and POST calls without a payload. A route that needs a body then answers its own
 * validation error, after the token is checked; a route without a body answers as without the header.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parse(request, text, done);
  });
});
