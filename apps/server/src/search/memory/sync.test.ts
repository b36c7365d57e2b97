import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { LIST_SORT_KEYS } from '@meramot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { seedBulk } from '../../seed/bulk-seed';
import { freshDatabase } from '../../../test/helpers';
import { planSearch } from '../plan';
import type { SearchIndex } from './search-index';
import { buildSearchIndex } from './reading';
import { SearchIndexSync } from './sync';

/**
 * Keeping the index between starts (snapshot.ts) against a real database: a build writes the
 * snapshot, the next start reads it back, catches up with what changed since from changed_at and
 * answers as an index built afresh; a service gone without a trace makes it build instead.
 */

let database: Database;
let drop: () => Promise<void>;
let dir: string;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await seedBulk(database.db, 1500, () => {});
  dir = await mkdtemp(path.join(os.tmpdir(), 'meramot-sync-'));
}, 120_000);
afterAll(async () => {
  await database.close();
  await drop();
  await rm(dir, { recursive: true, force: true });
});

/** A sync that starts (and stops refreshing), with what it logged. */
async function started() {
  const logged: string[] = [];
  const log = {
    info: (_: object, msg: string) => logged.push(msg),
    warn: (_: object, msg: string) => logged.push(msg),
  };
  const sync = new SearchIndexSync(database.db, log, { refreshMs: 0, snapshotDir: dir });
  await sync.start();
  sync.close();
  return { index: (await sync.current())!, logged };
}

/** Pages of searches and lists, as an index answers them. */
async function answers(index: SearchIndex) {
  const pages: unknown[] = [index.live];
  for (const text of [null, 'repair', 'lap', 'screen dhaka', 'refurbished']) {
    const plan = text === null ? null : await planSearch(index.lookup, text);
    for (const sort of LIST_SORT_KEYS) pages.push(index.page(plan, undefined, sort, 0, 30));
  }
  return pages;
}

describe('the search index kept between starts', () => {
  it('is written by a build, read back at the next start and caught up from changed_at', async () => {
    const first = await started();
    expect(first.logged).toEqual(['search index built', 'search index snapshot written', 'search index ready']);

    // Changed since: renamed (new words), repriced, and five public ones paused and five deleted (soft).
    await database.db.execute(sql`UPDATE services SET service_name = service_name || ' refurbished', updated_at = now()
      WHERE id IN (SELECT id FROM services ORDER BY id LIMIT 40)`);
    await database.db.execute(sql`UPDATE services SET service_price = service_price + 1
      WHERE id IN (SELECT id FROM services ORDER BY id DESC LIMIT 30)`);
    await database.db.execute(sql`UPDATE services SET status = 'paused'
      WHERE id IN (SELECT id FROM services WHERE status = 'active' AND deleted_at IS NULL ORDER BY id LIMIT 5 OFFSET 100)`);
    await database.db.execute(sql`UPDATE services SET deleted_at = now()
      WHERE id IN (SELECT id FROM services WHERE status = 'active' AND deleted_at IS NULL ORDER BY id LIMIT 5 OFFSET 200)`);

    const second = await started();
    expect(second.logged).toEqual(['search index read from its snapshot', 'search index ready']);
    const fresh = (await buildSearchIndex(database.db)).index;
    expect(second.index.live).toBe(first.index.live - 10);
    expect(await answers(second.index)).toEqual(await answers(fresh));
  });

  it('builds afresh when a service went without a trace (deleted outright)', async () => {
    await started();
    await database.db.execute(sql`DELETE FROM services WHERE id = (
      SELECT s.id FROM services s WHERE s.status = 'active' AND s.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.service_id = s.id) ORDER BY s.id LIMIT 1)`);
    const after = await started();
    expect(after.logged).toEqual([
      'search index snapshot does not match the database: building',
      'search index built',
      'search index snapshot written',
      'search index ready',
    ]);
    expect(await answers(after.index)).toEqual(await answers((await buildSearchIndex(database.db)).index));
  });
});
