import { AREAS } from '@meramot/shared';
import { describe, expect, it } from 'vitest';
import { documentsIn } from './bits';
import { CatalogueWords } from './catalogue-words';
import { AREA_CODE, Documents } from './documents';
import { idOf, indexed } from './test-documents';

function store() {
  const catalogue = new CatalogueWords();
  return { catalogue, docs: new Documents(catalogue) };
}

/** Adds a service with the given words (the caller makes room first, as search-index.ts does). */
function addWith(d: ReturnType<typeof store>, n: number, area: string, words: string[]) {
  const { docs, catalogue } = d;
  if (docs.size === docs.capacity) docs.grow();
  const doc = docs.add(indexed({ id: idOf(n), name: `service ${n}`, area, price: n * 10 }), AREA_CODE.get(area)!);
  docs.holdWords(
    doc,
    words.map((w) => catalogue.number(w)),
  );
  return doc;
}

const wordsOf = (docs: Documents, doc: number) => docs.wordsOf(doc);

describe('Documents', () => {
  it('numbers documents as they come, with their keys, rows, public and area bits', () => {
    const d = store();
    expect(addWith(d, 7, 'Khulna', ['tv'])).toBe(0);
    expect(addWith(d, 3, 'Dhaka', ['fridge'])).toBe(1);
    expect(addWith(d, 5, 'Khulna', [])).toBe(2);
    const { docs } = d;
    expect([docs.size, docs.live]).toEqual([3, 3]);
    expect([0, 1, 2].map((d) => docs.idOf(d))).toEqual([idOf(7), idOf(3), idOf(5)]);
    expect([...docs.price.subarray(0, 3)]).toEqual([70, 30, 50]);
    expect([...docs.created.subarray(0, 3)]).toEqual([7e6, 3e6, 5e6]);
    expect([0, 1, 2].map((d) => docs.nameKey(d))).toEqual(['service 7', 'service 3', 'service 5']);
    expect(docs.providerKey).toEqual(['rahim', 'rahim', 'rahim']);
    expect([0, 1, 2].map((doc) => docs.row(doc)._id)).toEqual([idOf(7), idOf(3), idOf(5)]);
    expect(documentsIn(docs.aliveBits, docs.size)).toEqual([0, 1, 2]);
    expect(documentsIn(docs.areaBits[AREA_CODE.get('Khulna')!]!, docs.size)).toEqual([0, 2]);
    expect(documentsIn(docs.areaBits[AREA_CODE.get('Dhaka')!]!, docs.size)).toEqual([1]);
    expect(docs.areaCount[AREA_CODE.get('Khulna')!]).toBe(2);
    expect(docs.docOf(idOf(3))).toBe(1);
  });

  it('knows every area by number', () => {
    expect(AREAS.map((a) => AREA_CODE.get(a))).toEqual(AREAS.map((_, i) => i));
  });

  it("keeps each document's words after one another, and counts the public services per word", () => {
    const d = store();
    addWith(d, 1, 'Dhaka', ['tv', 'repair']);
    addWith(d, 2, 'Dhaka', []);
    addWith(d, 3, 'Dhaka', ['fridge', 'repair', 'gas']);
    const { docs, catalogue } = d;
    const number = (w: string) => catalogue.number(w);
    expect(wordsOf(docs, 0)).toEqual([number('tv'), number('repair')]);
    expect(wordsOf(docs, 1)).toEqual([]);
    // In ascending order of their numbers.
    expect(wordsOf(docs, 2)).toEqual([number('fridge'), number('repair'), number('gas')].sort((a, b) => a - b));
    expect(['tv', 'repair', 'gas', 'none'].map((w) => catalogue.services(w))).toEqual([1, 2, 1, 0]);
  });

  it('marks a removed document dead: bits, row, area count and its words no longer counted', () => {
    const d = store();
    addWith(d, 1, 'Sylhet', ['tv', 'repair']);
    addWith(d, 2, 'Sylhet', ['repair']);
    const { docs, catalogue } = d;
    expect(docs.remove(idOf(1))).toBe(true);
    expect(docs.remove(idOf(1))).toBe(false);
    expect(docs.remove(idOf(99))).toBe(false);
    expect([docs.size, docs.live]).toEqual([2, 1]);
    expect(docs.row(0).serviceDescription).toBe('');
    expect(docs.docOf(idOf(1))).toBeUndefined();
    expect(documentsIn(docs.aliveBits, 2)).toEqual([1]);
    expect(documentsIn(docs.areaBits[AREA_CODE.get('Sylhet')!]!, 2)).toEqual([1]);
    expect(docs.areaCount[AREA_CODE.get('Sylhet')!]).toBe(1);
    expect([catalogue.services('tv'), catalogue.services('repair')]).toEqual([0, 1]);
    // Its words stay (its postings stay too, dead).
    expect(wordsOf(docs, 0)).toHaveLength(2);
  });

  it('grows past its first room, keeping every value, and past the room for words', () => {
    const d = store();
    const { docs } = d;
    const many = 3000;
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    for (let n = 0; n < many; n++) addWith(d, n, AREAS[n % AREAS.length]!, words);
    expect(docs.capacity).toBe(4096);
    // 40 words numbered 0 to 39: a byte each.
    expect(docs.docWords.length).toBeGreaterThanOrEqual(many * 40);
    expect(docs.price[2999]).toBe(29990);
    expect(docs.created[1500]).toBe(1500e6);
    expect(wordsOf(docs, 2999)).toEqual(words.map((w) => d.catalogue.number(w)));
    expect(documentsIn(docs.aliveBits, many)).toHaveLength(many);
    expect(documentsIn(docs.areaBits[1]!, many)).toEqual(
      Array.from({ length: many }, (_, i) => i).filter((i) => i % AREAS.length === 1),
    );
    expect(d.catalogue.services('w39')).toBe(many);
    // Trimmed to the words held, every document's words as before; more can still be added.
    docs.trim();
    expect(docs.docWords.length).toBe(many * 40);
    expect(wordsOf(docs, 0)).toEqual(words.map((w) => d.catalogue.number(w)));
    expect(wordsOf(docs, 2999)).toEqual(words.map((w) => d.catalogue.number(w)));
    addWith(d, many, 'Dhaka', words);
    expect(wordsOf(docs, many)).toEqual(words.map((w) => d.catalogue.number(w)));
  });

  it("keeps each document's words in ascending order, numbers past one byte and two included", () => {
    const d = store();
    for (let i = 0; i < 20_000; i++) d.catalogue.number(`w${i}`);
    const doc = d.docs.add(indexed({ id: idOf(1), name: 'x' }), 0);
    d.docs.holdWords(doc, [19_999, 0, 16_384, 128, 300, 127]);
    expect(wordsOf(d.docs, doc)).toEqual([0, 127, 128, 300, 16_384, 19_999]);
    expect(d.docs.wordsHeld).toBe(6);
    expect(d.catalogue.services('w16384')).toBe(1);
    d.docs.remove(idOf(1));
    expect(d.catalogue.services('w16384')).toBe(0);
  });

  it('tells whether a service is held as read: the same words, the same row', () => {
    const { docs } = store();
    const s = indexed({ id: idOf(1), name: 'tv repair', updated: 10, changed: 20 });
    docs.add(s, 0);
    expect(docs.holds(s.id, 20)).toBe(true);
    expect(docs.holds(s.id, 21)).toBe(false);
    expect(docs.holds(idOf(2), 20)).toBe(false);
    expect(docs.sameWords({ ...s, changed: 30 })).toBe(true);
    expect(docs.sameWords({ ...s, updated: 11 })).toBe(false);
    expect(docs.sameWords({ ...s, id: idOf(2) })).toBe(false);
    const row = { ...s.row, bookings: 4 };
    docs.replaceRow({ ...s, changed: 30, row });
    expect(docs.row(0)).toEqual(row);
    expect(docs.holds(s.id, 30)).toBe(true);
  });
});
