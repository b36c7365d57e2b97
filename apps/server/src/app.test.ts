import { afterAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';

// Each test file runs in a process of its own: the warnings Fastify gives once per process are this file's.
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
process.on('warning', onWarning);
let test: TestApp | undefined;
afterAll(async () => {
  process.off('warning', onWarning);
  await test?.close();
});

it('builds the app with no deprecated Fastify option (a warning at every start, and gone in Fastify 6)', async () => {
  test = await createTestApp();
  expect((await test.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  // process.emitWarning reports on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  expect(warnings.filter((w) => w.name === 'FastifyDeprecation').map((w) => w.message)).toEqual([]);
}, 120_000);
