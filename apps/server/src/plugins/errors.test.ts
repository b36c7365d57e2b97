import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors';

/** A driver error as node-postgres and PGlite make it: the SQLSTATE on `code`. */
function driverError(code: string, constraint?: string) {
  return Object.assign(new Error('duplicate key value violates unique constraint'), { code, constraint });
}

/** An app whose one route throws `make()`, with its log lines captured. */
async function appThrowing(make: () => unknown) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  await app.register(errorsPlugin);
  app.get('/boom', async () => {
    throw make();
  });
  return { app, lines };
}

const secretQuery = 'insert into "users" ("email") values ($1)';
const secretParams = ['ayesha.private@example.com'];

describe('database errors are mapped by their code wherever the driver puts it, and never logged with SQL', () => {
  it.each([
    [
      'a unique violation wrapped by Drizzle (code on cause)',
      () => new DrizzleQueryError(secretQuery, secretParams, driverError('23505', 'users_email_unique')),
      409,
    ],
    [
      'a bad text encoding (NUL) wrapped by Drizzle',
      () => new DrizzleQueryError(secretQuery, secretParams, driverError('22021')),
      400,
    ],
    ['a check violation on the error itself', () => driverError('23514', 'price_check'), 400],
    ['an unknown SQLSTATE', () => new DrizzleQueryError(secretQuery, secretParams, driverError('XX000')), 500],
  ])('%s', async (_what, make, status) => {
    const { app, lines } = await appThrowing(make);
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(status);
    expect(Object.keys(res.json())).toEqual(['error']);
    const log = lines.join('');
    expect(log).not.toContain('ayesha.private');
    expect(log).not.toContain('insert into');
    expect(log).toContain('"route":"/boom"');
    await app.close();
  });

  it.each([
    [
      'connection refused (inside an AggregateError, inside Drizzle)',
      () =>
        new DrizzleQueryError(
          secretQuery,
          secretParams,
          new AggregateError([Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })]),
        ),
    ],
    [
      'a terminated connection',
      () => new DrizzleQueryError(secretQuery, secretParams, new Error('Connection terminated unexpectedly')),
    ],
    ['a connection timeout', () => new Error('timeout exceeded when trying to connect')],
    ['an administrator shutdown', () => driverError('57P01')],
  ])('%s answers 503 with Retry-After', async (_what, make) => {
    const { app, lines } = await appThrowing(make);
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: 'The service is temporarily unavailable. Please try again in a few seconds.' });
    expect(lines.join('')).not.toContain('ayesha.private');
    await app.close();
  });
});
