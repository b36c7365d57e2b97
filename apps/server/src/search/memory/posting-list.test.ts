import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Postings, RANKS, rankIn, restoreLists, saveLists } from './posting-list';
import { SnapshotReader, SnapshotWriter } from './snapshot-file';

/** Writes lists to a snapshot and reads them back. */
async function roundTrip(lists: Postings[]): Promise<Postings[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'posting-list-'));
  try {
    const file = path.join(dir, 'lists.bin');
    const w = await SnapshotWriter.create(file);
    await saveLists(w, 'lists', lists);
    await w.close();
    const r = (await SnapshotReader.open(file))!;
    const back = await restoreLists(r, 'lists');
    await r.close();
    return back;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// One file, one process: the ranks this process numbers are these tests' alone.
describe('Postings', () => {
  it('keeps ranks in a byte while they fit one, and every rank exactly once it needs two', async () => {
    const few = new Postings(1);
    for (let d = 0; d < 100; d++) few.push(d * 3, 0.1 * (1 + (d % 8)));
    expect(few.ranks).toBeInstanceOf(Uint8Array);
    const many = new Postings(2);
    for (let d = 0; d < 600; d++) many.push(d, 0.001 * (d + 1));
    expect(many.ranks).toBeInstanceOf(Uint16Array);
    expect(few.ranks).toBeInstanceOf(Uint8Array);
    for (let d = 0; d < 600; d++) expect(rankIn(many, d)).toBe(Math.fround(0.001 * (d + 1)));
    for (let d = 0; d < 100; d++) expect(rankIn(few, d * 3)).toBe(Math.fround(0.1 * (1 + (d % 8))));
    expect(rankIn(few, 1)).toBe(0);

    const [fewBack, manyBack] = await roundTrip([few, many]);
    expect(manyBack!.ranks).toBeInstanceOf(Uint16Array);
    for (let d = 0; d < 600; d++) expect(rankIn(manyBack!, d)).toBe(Math.fround(0.001 * (d + 1)));
    for (let d = 0; d < 100; d++) expect(rankIn(fewBack!, d * 3)).toBe(Math.fround(0.1 * (1 + (d % 8))));
    expect(RANKS[fewBack!.ranks[0]!]).toBe(Math.fround(0.1));
  });

  it('writes byte ranks as bytes and reads them back as bytes', async () => {
    const list = new Postings(3);
    for (let d = 0; d < 50; d++) list.push(d, 0.1 * (1 + (d % 4)));
    list.trim();
    const [back] = await roundTrip([list]);
    // (This process knows over 256 ranks by now, from the test above, and these are among its first.)
    expect(back!.ranks).toBeInstanceOf(Uint8Array);
    expect(Array.from(back!.docs)).toEqual(Array.from(list.docs));
    for (let d = 0; d < 50; d++) expect(rankIn(back!, d)).toBe(Math.fround(0.1 * (1 + (d % 4))));
  });
});
