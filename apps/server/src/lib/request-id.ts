import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What an incoming X-Request-Id may hold to be kept (a balancer's or a client's id); anything else is replaced. */
const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the caller's `X-Request-Id` when it is a plain token (HAProxy's unique-id, a
 * client's trace id), else a random UUID, unique across instances (Fastify's own ids restart at
 * req-1 in every process). Logged with every line of the request and answered in `X-Request-Id`.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}
