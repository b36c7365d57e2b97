import { describe, expect, it } from 'vitest';
import type { Bundle, Text } from '../lib/i18n';

/**
 * The Bangla resources mirror the English ones key for key (same nesting, same array lengths,
 * the plural forms Bangla's rules need, the same {{variables}}), and no Bangla text is left in
 * English: Latin letters may appear only in the names, codes and addresses allowed below.
 */

const load = (files: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(files).map(([path, json]) => [path.replace(/^.*\/(\w+)\.json$/, '$1'), json as Bundle]),
  );
const en = load(import.meta.glob('./en/*.json', { eager: true, import: 'default' }));
const bn = load(import.meta.glob('./bn/*.json', { eager: true, import: 'default' }));

/** Words kept in Latin letters on purpose: brand names, key names. */
const ALLOWED_WORDS = ['Google', 'Samsung', 'iPhone', 'Enter'];
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const URL_TEXT = /https?:\/\/\S*/g;
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** What is left of a text once placeholders, e-mails, URLs and allowed words are taken out. */
function latinLeft(text: string): string {
  let rest = text.replace(PLACEHOLDER, '').replace(EMAIL, '').replace(URL_TEXT, '');
  for (const word of ALLOWED_WORDS) rest = rest.replaceAll(word, '');
  return (rest.match(/[A-Za-z]+/g) ?? []).join(' ');
}

const variables = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).sort();

/** Every leaf of a bundle as [path, value]. */
function leaves(node: Text, path = ''): [string, Text][] {
  if (node !== null && typeof node === 'object') {
    return Object.entries(node).flatMap(([key, child]) => leaves(child as Text, path ? `${path}.${key}` : key));
  }
  return [[path, node]];
}

describe('the Bangla resources', () => {
  it('have the same namespaces as the English ones', () => {
    expect(Object.keys(bn).sort()).toEqual(Object.keys(en).sort());
  });

  for (const namespace of Object.keys(en)) {
    describe(namespace, () => {
      const enLeaves = new Map(leaves(en[namespace]!));
      const bnLeaves = new Map(leaves(bn[namespace] ?? {}));

      it('have every English key and no other', () => {
        expect([...bnLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
      });

      it('keep the {{variables}} and the non-text values', () => {
        for (const [key, english] of enLeaves) {
          const bangla = bnLeaves.get(key);
          if (typeof english === 'string') {
            expect(typeof bangla, key).toBe('string');
            expect(variables(bangla as string), key).toEqual(variables(english));
          } else {
            expect(bangla, key).toEqual(english);
          }
        }
      });

      it('give every plural the forms Bangla needs', () => {
        const categories = new Intl.PluralRules('bn').resolvedOptions().pluralCategories;
        const bases = new Set(
          [...bnLeaves.keys()].filter((k) => /_(one|other)$/.test(k)).map((k) => k.replace(/_\w+$/, '')),
        );
        for (const base of bases)
          for (const category of categories) expect(bnLeaves.has(`${base}_${category}`), base).toBe(true);
      });

      it('leave nothing in English', () => {
        for (const [key, bangla] of bnLeaves) {
          if (typeof bangla !== 'string' || key.endsWith('.id')) continue;
          expect(latinLeft(bangla), `${namespace}:${key} = ${bangla}`).toBe('');
        }
      });
    });
  }

  it('catch an English sentence copied into Bangla', () => {
    expect(latinLeft('Please try again.')).not.toBe('');
    expect(latinLeft('{{name}}-এর Google অ্যাকাউন্ট, support@meramot.example, https://example.com/a.jpg')).toBe('');
    expect(latinLeft('Samsung ফোনের Screen বদল')).toBe('Screen');
  });
});
