import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdFor } from '../src/plugins/openapi-document';
import { MATRIX } from './authz/authz-matrix';
import { createTestApp, type TestApp } from './helpers';

/**
 * The document at /api/docs/json, which other clients generate their code from, passes Redocly's
 * `recommended` rules with no error and no warning, but for the ambiguities below; and what it says
 * of each operation (its id, its lock) is what the app does.
 */

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}
type Operation = { operationId?: string; security?: Record<string, string[]>[] };
type Doc = { paths: Record<string, Record<string, Operation>> };

/**
 * Ambiguities the spec's paths make and the linter reports: `GET /api/bookings/user/{id}` (an e-mail)
 * beside `/api/bookings/{id}/<action>` (a UUID). The router takes the literal `user` first and no
 * booking id is `user`, so no request is ambiguous in fact; renaming the spec's paths would break its
 * clients. The linter names each second path once, against the first it matches. A new ambiguity
 * fails this test; one that goes away does too, so the list stays true.
 */
const ACCEPTED_AMBIGUITIES = ['status', 'accept', 'decline', 'proposals', 'messages'].map(
  (action) => `no-ambiguous-paths /api/bookings/user/{id} /api/bookings/{id}/${action}`,
);

const require = createRequire(import.meta.url);
const redoclyCli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');

async function redoclyLint(doc: unknown): Promise<{ problems: Problem[]; totals: Record<string, number> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'meramot-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    // In a folder of its own, so no redocly.yaml of the tree changes the rules; no telemetry, no update check.
    const run = promisify(execFile)(
      process.execPath,
      [redoclyCli, 'lint', '--extends', 'recommended', '--format', 'json', '--max-problems', '10000', file],
      {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    // The exit code is 1 when there are errors; the report is on stdout either way.
    const { stdout } = await run.catch((err: { stdout?: string }) => {
      if (!err.stdout) throw err;
      return { stdout: err.stdout };
    });
    return JSON.parse(stdout.slice(stdout.indexOf('{')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const describeProblem = (p: Problem) => {
  if (p.ruleId === 'no-ambiguous-paths') {
    const paths = [...p.message.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    return `${p.ruleId} ${paths.join(' ')}`;
  }
  return `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`;
};

let t: TestApp;
let doc: Doc;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), url, operation })),
  );

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error or warning beyond the accepted ambiguities", async () => {
    const report = await redoclyLint(doc);
    const found = report.problems.map(describeProblem);
    expect(found.filter((p) => !ACCEPTED_AMBIGUITIES.includes(p))).toEqual([]);
    expect(found.sort()).toEqual([...ACCEPTED_AMBIGUITIES].sort());
  }, 60_000);

  it('is OpenAPI 3.1, the dialect of its JSON Schema 2020-12 schemas', () => {
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('names each operation by its method and path, unless the route names it', () => {
    const ids = operations().map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, url, operation } of operations()) {
      expect(operation.operationId, `${method} ${url}`).toBe(operationIdFor(method, url));
    }
    expect(operationIdFor('GET', '/api/services/:id')).toBe('getServicesById');
    expect(operationIdFor('POST', '/api/bookings/{id}/proposals/{proposalId}/accept')).toBe(
      'postBookingsByIdProposalsByProposalIdAccept',
    );
    expect(operationIdFor('PUT', '/api/users/me/notification-settings')).toBe('putUsersMeNotificationSettings');
  });

  it('locks exactly the operations that answer 401 without a token (the authorization matrix)', () => {
    const matrix = new Map(MATRIX.map((row) => [row.route, row]));
    for (const { method, url, operation } of operations()) {
      const route = `${method} ${url.replace(/\{([^}]+)\}/g, ':$1')}`;
      const row = matrix.get(route);
      expect(row, `${route} has a row in the authorization matrix`).toBeDefined();
      const required = operation.security?.length === 1 && 'bearer' in operation.security[0]!;
      expect(required, route).toBe(row!.expect.visitor === 401);
      // A token is optional where the answer depends on it: `{}` (none) or the bearer.
      if (operation.security && !required) expect(operation.security, route).toEqual([{}, { bearer: [] }]);
    }
  });

  it('keeps the summary of every operation', () => {
    for (const { method, url, operation } of operations()) {
      expect((operation as { summary?: string }).summary, `${method} ${url}`).toBeTruthy();
    }
  });
});
