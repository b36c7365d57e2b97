import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { MATRIX, type Caller, type MatrixContext, type MatrixRow } from './authz-matrix';
import { routeTable } from './route-table';
import { makePerson, MATRIX_JWT_SECRET, TOKEN_KINDS, VALID_KINDS, type TokenKind } from './token-kinds';

/**
 * The authorization matrix: every operation of the route table × {visitor, another user, owner} ×
 * every kind of token, each cell's expected status written in authz-matrix.ts.
 */
let t: TestApp;
let ctx: MatrixContext;

beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET: MATRIX_JWT_SECRET });
  const [owner, other, helper] = await Promise.all(
    ['Owner', 'Other', 'Helper'].map((n) => makePerson(t.app, `Matrix ${n}`)),
  );
  ctx = {
    app: t.app,
    owner: owner!,
    other: other!,
    helper: helper!,
    throwaway: () => makePerson(t.app, 'Matrix Throwaway'),
  };
});
afterAll(() => t.close());

interface Cell {
  row: MatrixRow;
  caller: Caller;
  kind: TokenKind | 'no token';
  expected: number;
}

function cells(): Cell[] {
  const out: Cell[] = [];
  for (const row of MATRIX) {
    out.push({ row, caller: 'visitor', kind: 'no token', expected: row.expect.visitor });
    for (const caller of ['other', 'owner'] as const) {
      for (const kind of TOKEN_KINDS) {
        out.push({ row, caller, kind, expected: VALID_KINDS.includes(kind) ? row.expect[caller] : row.forged });
      }
    }
  }
  return out;
}

async function runCell(cell: Cell): Promise<string | null> {
  const target = await cell.row.prepare(ctx, cell.caller);
  const person = target.as ?? (cell.caller === 'visitor' ? null : ctx[cell.caller]);
  const headers: Record<string, string> = {};
  if (person && cell.kind !== 'no token') headers.authorization = `Bearer ${person.tokens[cell.kind]}`;
  const method = cell.row.route.split(' ')[0] as 'GET';
  const res = await t.app.inject({ method, url: target.url, headers, payload: target.payload as object | undefined });
  if (res.statusCode === cell.expected) return null;
  return `${cell.row.route} | ${cell.caller} | ${cell.kind}: expected ${cell.expected}, got ${res.statusCode} ${res.body.slice(0, 100)}`;
}

describe('authorization matrix', () => {
  it('has a row for every route the app serves under /api, and no row for a route that is gone', () => {
    const routes = routeTable(t.app).filter((r) => r.split(' ')[1]!.startsWith('/api'));
    expect(routes.length).toBeGreaterThan(20);
    expect(MATRIX.map((r) => r.route).sort()).toEqual(routes);
  });

  it('answers every cell (operation × caller × token kind) with its expected status', async () => {
    const all = cells();
    const failures: string[] = [];
    // A few at a time; every cell prepares its own target, so the order does not matter.
    for (let i = 0; i < all.length; i += 4) {
      const results = await Promise.all(all.slice(i, i + 4).map(runCell));
      failures.push(...results.filter((r): r is string => r !== null));
    }
    console.log(
      `authorization matrix: ${all.length} cells tested (${MATRIX.length} operations × visitor + 2 callers × ${TOKEN_KINDS.length} token kinds)`,
    );
    expect(failures).toEqual([]);
  }, 180_000);
});
