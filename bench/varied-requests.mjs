/**
 * Requests drawn fresh for every call of the varied scenarios of `npm run bench`, so that no cache
 * can answer the same URL twice: a list of services with a random query, area, sort and page, and a
 * header search with a prefix as it is being typed. The mix is data (BROWSE_MIX, HEADER_MIX), printed
 * with the figures.
 */
import {
  BANGLA,
  BRANDS,
  EVERYDAY,
  JOBS,
  NO_MATCH,
  PEOPLE,
  PHRASES,
  PLACES,
  TYPED_WORDS,
  TYPOS,
} from './query-vocabulary.mjs';

/** The API's areas (packages/shared AREAS) and list sorts (SORT_KEYS); `best` joins when the server accepts it. */
export const AREAS = ['Dhaka', 'Chittagong', 'Rajshahi', 'Khulna', 'Barisal', 'Sylhet', 'Rangpur', 'Mymensingh'];
export const SORTS = ['newest', 'name', 'price-low', 'price-high', 'provider'];

const random = Math.random;
const pick = (list) => list[Math.floor(random() * list.length)];
const between = (low, high) => low + Math.floor(random() * (high - low + 1));
const CATALOGUE_WORDS = [...BRANDS, ...JOBS, ...EVERYDAY, ...PLACES, ...PEOPLE];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The first `min` to `max` characters (code points, so Bangla is cut as it is typed) of a word. */
export function prefixOf(word, min, max) {
  const chars = Array.from(word);
  return chars.slice(0, Math.min(chars.length, between(min, max))).join('');
}

/** One slip of the fingers in a word: a letter dropped, doubled, swapped with the next or mistyped. */
export function misspell(word) {
  const chars = Array.from(word);
  const i = between(1, chars.length - 2);
  const slips = [
    () => chars.splice(i, 1),
    () => chars.splice(i, 0, chars[i]),
    () => chars.splice(i, 2, chars[i + 1], chars[i]),
    () => chars.splice(i, 1, pick(LETTERS)),
  ];
  pick(slips)();
  return chars.join('');
}

/** A mobile keyboard capitalises the first letter now and then. */
const asTyped = (text) => (random() < 0.15 ? text[0].toUpperCase() + text.slice(1) : text);
const gibberish = () => Array.from({ length: between(5, 8) }, () => pick('bcdfghjklmnpqrstvwxz')).join('');
const twoWords = () =>
  random() < 0.4 ? pick(PHRASES) : `${pick([...BRANDS, ...JOBS, ...EVERYDAY])} ${pick([...JOBS, ...PLACES])}`;
const latinWords = TYPED_WORDS.filter((w) => /[a-z]/.test(w));
const banglaWords = TYPED_WORDS.filter((w) => !/[a-z]/.test(w));
/** Any two words of one script (provider + job, brand + place, ...). */
const wordPair = () => {
  const words = random() < 0.85 ? latinWords : banglaWords;
  return `${pick(words)} ${pick(words)}`;
};
const longWords = CATALOGUE_WORDS.filter((w) => w.length >= 5 && !w.includes(' '));

/** The kinds of list query and their shares (they add up to 1). */
export const BROWSE_MIX = [
  { kind: 'no search', share: 0.1, text: () => null },
  { kind: 'a catalogue word', share: 0.25, text: () => asTyped(pick(CATALOGUE_WORDS)) },
  { kind: 'a prefix of 2-4 letters', share: 0.15, text: () => prefixOf(pick(TYPED_WORDS), 2, 4) },
  { kind: 'two words', share: 0.2, text: () => asTyped(twoWords()) },
  { kind: 'Bangla', share: 0.1, text: () => pick(BANGLA) },
  { kind: 'a typo', share: 0.1, text: () => (random() < 0.5 ? pick(TYPOS) : misspell(pick(longWords))) },
  { kind: 'no match', share: 0.1, text: () => (random() < 0.5 ? pick(NO_MATCH) : gibberish()) },
];

/** The kinds of header search and their shares: mostly a query being typed past its first word. */
export const HEADER_MIX = [
  { kind: 'a prefix of 2-6 letters', share: 0.2, text: () => asTyped(prefixOf(pick(TYPED_WORDS), 2, 6)) },
  {
    kind: 'a word and the prefix of the next',
    share: 0.6,
    text: () => {
      const [first, second] = (random() < 0.3 ? twoWords() : wordPair()).split(' ');
      return asTyped(`${first} ${prefixOf(second, 1, 6)}`);
    },
  },
  {
    kind: 'two words and the prefix of a third',
    share: 0.2,
    text: () => asTyped(`${twoWords()} ${prefixOf(pick([...PLACES, ...JOBS]), 1, 6)}`),
  },
];

function draw(mix) {
  let r = random();
  for (const entry of mix) {
    if ((r -= entry.share) < 0) return entry.text();
  }
  return mix.at(-1).text();
}

/** `/api/services` with a random query (or none), area (or none), sort (or the default) and page 1 to 3. */
export function browsePath(sorts) {
  const query = draw(BROWSE_MIX);
  const params = [];
  if (query !== null) params.push(`search=${encodeURIComponent(query)}`);
  const area = pick([...AREAS, null]);
  if (area) params.push(`area=${area}`);
  const sort = pick([null, ...sorts.filter((s) => query !== null || s !== 'best')]);
  if (sort) params.push(`sort=${sort}`);
  const page = between(1, 3);
  if (page > 1) params.push(`page=${page}`);
  return params.length ? `/api/services?${params.join('&')}` : '/api/services';
}

/** `/api/search/{text}?limit=8`, the header's typeahead. */
export const headerSearchPath = () => `/api/search/${encodeURIComponent(draw(HEADER_MIX))}?limit=8`;

/** The mixes in words, for the report. */
export const describeMix = (mix) => mix.map((m) => `${m.kind} ${Math.round(m.share * 100)} %`).join(', ');
