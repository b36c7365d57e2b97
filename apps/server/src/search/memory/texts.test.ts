import { describe, expect, it } from 'vitest';
import { Texts } from './texts';
import { SnapshotReader, SnapshotWriter } from './snapshot-file';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

describe('Texts', () => {
  it('gives back Latin-1, Bangla, emoji and empty texts exactly', () => {
    const texts = new Texts();
    const kept = ['Screen repair', 'ল্যাপটপের স্ক্রিন বদল', 'Café ÿ 100%', 'AC 🔧 fix', '', 'a\u0000b'];
    kept.forEach((t, d) => texts.set(d, t));
    kept.forEach((t, d) => expect(texts.get(d)).toBe(t));
  });

  it('keeps an unchanged text where it is, writes a shorter one in place and a longer one at the end', () => {
    const texts = new Texts();
    texts.set(0, 'long enough text');
    texts.set(1, 'second');
    texts.set(0, 'long enough text');
    texts.set(0, 'short');
    texts.set(1, 'a much longer second text than before');
    texts.set(0, 'মোবাইল');
    expect([texts.get(0), texts.get(1)]).toEqual(['মোবাইল', 'a much longer second text than before']);
    texts.clear(1);
    expect(texts.get(1)).toBe('');
  });

  it('grows past its first buffer and its first documents, and survives a trim', () => {
    const texts = new Texts();
    texts.grow(4096);
    const text = (d: number) => `${d} `.repeat(20) + (d % 3 === 0 ? 'ফ্রিজ' : 'fridge');
    for (let d = 0; d < 4096; d++) texts.set(d, text(d));
    texts.trim();
    for (let d = 0; d < 4096; d++) expect(texts.get(d)).toBe(text(d));
    texts.set(5, 'after the trim');
    expect(texts.get(5)).toBe('after the trim');
    expect(texts.get(4095)).toBe(text(4095));
  });

  it('is written to a snapshot and read back with room to grow', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'texts-'));
    try {
      const texts = new Texts();
      ['one', 'দুই', 'three'].forEach((t, d) => texts.set(d, t));
      const file = path.join(dir, 'texts.bin');
      const w = await SnapshotWriter.create(file);
      await texts.save(w, 'texts', 3);
      await w.close();
      const r = (await SnapshotReader.open(file))!;
      const back = new Texts();
      await back.restore(r, 'texts', 2048);
      await r.close();
      expect([0, 1, 2].map((d) => back.get(d))).toEqual(['one', 'দুই', 'three']);
      back.set(2000, 'grown');
      back.set(1, 'তিন');
      expect([back.get(1), back.get(2000), back.get(2)]).toEqual(['তিন', 'grown', 'three']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
