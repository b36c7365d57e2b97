import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

describe('openDatabase on PGlite files', () => {
  it('migrates, keeps data across a reopen, and enables pg_trgm', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'meramot-db-'));
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(sql`insert into users (firebase_uid, email) values ('u1', 'a@example.com')`);
    await first.close();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);

    const second = await openDatabase({ dataDir: dir });
    const users = await second.db.execute(sql`select email from users`);
    const ext = await second.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`);
    await second.close();
    expect((users as unknown as { rows: unknown[] }).rows).toEqual([{ email: 'a@example.com' }]);
    expect((ext as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('refuses a data folder locked by another live process, with a clear message', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'meramot-db-'));
    writeFileSync(path.join(dir, 'pglite.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by another Meramot server/);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'meramot-db-'));
    writeFileSync(path.join(dir, 'pglite.lock'), '999999999');
    const database = await openDatabase({ dataDir: dir });
    await database.close();
  });
});
