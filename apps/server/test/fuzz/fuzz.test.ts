import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { formatReport, fuzzFixtures, runFuzz } from './run-fuzz';
import { socketPass } from './socket-pass';

/**
 * The short form of `npm run fuzz`: a few thousand malformed requests generated from the OpenAPI
 * document (a new seed each run, printed so a failure can be replayed), and the raw-socket pass.
 */
const SHORT_FORM_REQUESTS = 2_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('fuzz', () => {
  it(`answers ${SHORT_FORM_REQUESTS} malformed requests without a 5xx, a stack trace or an error that is not {error}`, async () => {
    const seed = Date.now() % 2_147_483_647;
    const report = await runFuzz(t.app, { total: SHORT_FORM_REQUESTS, seed, fixtures: await fuzzFixtures(t.app) });
    console.log(formatReport(report, 'npm run fuzz --'));
    expect(report.total).toBe(SHORT_FORM_REQUESTS);
    expect(report.failures.map((f) => f.key)).toEqual([]);
  }, 240_000);

  it('answers what only a real socket can send (huge headers and URLs, bad encodings, broken HTTP) with JSON {error}', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const results = await socketPass((t.app.server.address() as AddressInfo).port);
    console.log(
      `socket pass: ${results.length} raw requests; ${results.map((r) => `${r.label} → ${r.status}`).join('; ')}`,
    );
    expect(results.filter((r) => r.problem).map((r) => `${r.label}: ${r.problem}`)).toEqual([]);
  });
});
