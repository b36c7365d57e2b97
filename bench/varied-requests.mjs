/**
 * Requests drawn fresh for every call of the varied scenarios of `npm run bench`, so that no cache
 * can answer the same URL twice: a list of services with a random query, place (a division, a
 * district or an area), sort and page, and a header search with a prefix as it is being typed. The
 * mix is data (BROWSE_MIX, PLACE_MIX, HEADER_MIX), printed with the figures.
 *
 * Places (issue 24) are the server's own: its list of places (what `GET /api/places` answers:
 * apps/server/src/places, read once here) and the 2022 census's people per district
 * (places/population.ts), so districts are drawn as people are spread (Dhaka, Chattogram, Cumilla,
 * Gazipur, Narayanganj... far more often than Bandarban) and every id drawn is one the server knows.
 */
import { importTs } from '../scripts/lib.mjs';
import {
  BANGLA,
  BANGLA_JOBS,
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
/** One item of `list` at random. */
export const pick = (list) => list[Math.floor(random() * list.length)];
/** One of `list` drawn with the weights `weight(item)` (summed once: call the result to draw). */
function weighted(list, weight) {
  const cumulative = [];
  let total = 0;
  for (const item of list) cumulative.push((total += weight(item)));
  return () => {
    const u = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] > u) high = mid;
      else low = mid + 1;
    }
    return list[low];
  };
}

// ---------------------------------------------------------------------------------------------
// Places: the server's divisions, districts and areas (ids and names in English and Bangla).
const [{ loadPlaces }, { DISTRICT_POPULATION_THOUSANDS }] = await Promise.all([
  importTs('apps/server/src/places/index.ts'),
  importTs('apps/server/src/places/population.ts'),
]);
/** What `GET /api/places` answers (the bench checks the running server's against it: samePlaces). */
export const PLACES_LIST = loadPlaces();
const DISTRICTS = PLACES_LIST.divisions.flatMap((division) =>
  division.districts.map((district) => ({ ...district, division: division.id })),
);
/** Of a metropolitan district's area draws, the share that are a city area (as the catalogue's services: place-of-service.ts). */
const CITY_AREA_SHARE = { dhaka: 0.85, chattogram: 0.7 };
/** A district, as many times more often as it has more people. */
const populousDistrict = weighted(DISTRICTS, (d) => DISTRICT_POPULATION_THOUSANDS[d.name] ?? 1000);
/** An area of a district drawn by population: in Dhaka and Chattogram mostly a city area, elsewhere an upazila. */
function populousArea() {
  const district = populousDistrict();
  const cityAreas = district.areas.filter((a) => a.kind === 'city-area');
  const upazilas = district.areas.filter((a) => a.kind === 'upazila');
  const share = CITY_AREA_SHARE[district.id] ?? 0;
  const area = pick(cityAreas.length > 0 && (upazilas.length === 0 || random() < share) ? cityAreas : upazilas);
  return { district, area };
}

/** Whether a places list (the running server's `GET /api/places`) is the one drawn from. */
export const samePlaces = (places) =>
  JSON.stringify(places?.counts) === JSON.stringify(PLACES_LIST.counts) &&
  places.divisions.every((d, i) => d.id === PLACES_LIST.divisions[i]?.id);

/**
 * The place filters of a list and their shares (the rest: none). A district's division is sent
 * beside it half the time (as the web app does once a district is chosen), an area's district too.
 */
export const PLACE_MIX = [
  {
    kind: 'a district (by population)',
    share: 0.25,
    params: () => {
      const district = populousDistrict();
      return [...(random() < 0.5 ? [`area=${district.division}`] : []), `district=${district.id}`];
    },
  },
  {
    kind: 'an area (a district by population, then in Dhaka and Chattogram mostly a city area, elsewhere an upazila)',
    share: 0.1,
    params: () => {
      const { district, area } = populousArea();
      return [...(random() < 0.5 ? [`district=${district.id}`] : []), `place=${encodeURIComponent(area.id)}`];
    },
  },
];

/** A place's name as people type it: in English (its name or another spelling, lower case mostly) or Bangla. */
function placeWords(bangla) {
  const { district, area } = random() < 0.6 ? populousArea() : { district: populousDistrict() };
  const place = area ?? district;
  // As typed: one space between words (the data's names may hold a stray tab: upazilas.csv).
  if (bangla) return { division: district.division, words: place.bn.replace(/\s+/g, ' ').trim() };
  const latin = [place.name, ...place.spellings].filter((n) => /[a-z]/i.test(n));
  const name = pick(latin).replace(/\s+/g, ' ').trim();
  return { division: district.division, words: random() < 0.8 ? name.toLowerCase() : name };
}
const ENGLISH_JOBS = [...BRANDS, ...JOBS, ...EVERYDAY];
/** A device or job and a place, in either order, in English ("laptop mirpur", "fridge gazipur") or Bangla ("মিরপুর ল্যাপটপ"). */
function jobAndPlace() {
  const bangla = random() < 0.3;
  const { division, words } = placeWords(bangla);
  const job = bangla ? pick(BANGLA_JOBS) : pick(ENGLISH_JOBS);
  return { division, text: random() < 0.7 ? `${job} ${words}` : `${words} ${job}` };
}
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

/**
 * A word in another form (issue 25): a Bangla word with a case, classifier or plural ending
 * ("মোবাইলের", "টিভিটা", "ফোনগুলো"), an English one with an ending ("laptops", "repairing", "mounted").
 */
const BANGLA_ENDINGS = ['ের', 'র', 'টা', 'টি', 'গুলো', 'তে', 'কে', 'ে'];
const ENGLISH_ENDINGS = ['s', 'es', 'ing', 'ed'];
const banglaWords1 = BANGLA.flatMap((q) => q.split(' ')).filter((w) => [...w].length >= 2);
export const inflected = () =>
  random() < 0.5 ? `${pick(banglaWords1)}${pick(BANGLA_ENDINGS)}` : `${pick(longWords)}${pick(ENGLISH_ENDINGS)}`;

/** The kinds of list query and their shares (they add up to 1). */
export const BROWSE_MIX = [
  { kind: 'no search', share: 0.1, text: () => null },
  { kind: 'a catalogue word', share: 0.1, text: () => asTyped(pick(CATALOGUE_WORDS)) },
  { kind: 'a word in another form (Bangla ending, English ending)', share: 0.1, text: () => asTyped(inflected()) },
  { kind: 'a prefix of 2-4 letters', share: 0.15, text: () => prefixOf(pick(TYPED_WORDS), 2, 4) },
  { kind: 'two words', share: 0.15, text: () => asTyped(twoWords()) },
  // The search names the place (read by the server as its filter): no place filter is drawn beside it.
  { kind: 'a job and a place, English or Bangla, either order', share: 0.1, text: jobAndPlace },
  { kind: 'Bangla', share: 0.1, text: () => pick(BANGLA) },
  { kind: 'a typo', share: 0.1, text: () => (random() < 0.5 ? pick(TYPOS) : misspell(pick(longWords))) },
  { kind: 'no match', share: 0.1, text: () => (random() < 0.5 ? pick(NO_MATCH) : gibberish()) },
];

/** The kinds of header search and their shares: mostly a query being typed past its first word. */
export const HEADER_MIX = [
  { kind: 'a prefix of 2-6 letters', share: 0.2, text: () => asTyped(prefixOf(pick(TYPED_WORDS), 2, 6)) },
  {
    kind: 'a word in another form and the prefix of the next',
    share: 0.1,
    text: () => asTyped(`${inflected()} ${prefixOf(pick(TYPED_WORDS), 1, 6)}`),
  },
  {
    kind: 'a word and the prefix of the next',
    share: 0.4,
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
  { kind: 'a job and a place, English or Bangla, either order', share: 0.1, text: () => jobAndPlace().text },
];

/** An entry of a mix by its share; null when the shares left over come up (PLACE_MIX: no place filter). */
function entryOf(mix, fallback = mix.at(-1)) {
  let r = random();
  for (const entry of mix) {
    if ((r -= entry.share) < 0) return entry;
  }
  return fallback;
}
const draw = (mix) => entryOf(mix).text();

/**
 * `/api/services` with a random query (or none), place (PLACE_MIX: a district, an area, or else
 * any of the 8 divisions or none), sort (or the default) and page 1 to 3. A search naming a place
 * gets no filter beside it but, half the time, its division.
 */
export function browsePath(sorts) {
  const drawn = draw(BROWSE_MIX);
  const query = drawn !== null && typeof drawn === 'object' ? drawn.text : drawn;
  const params = [];
  if (query !== null) params.push(`search=${encodeURIComponent(query)}`);
  const place = typeof drawn === 'object' && drawn !== null ? null : entryOf(PLACE_MIX, null);
  if (typeof drawn === 'object' && drawn !== null) {
    if (random() < 0.5) params.push(`area=${drawn.division}`);
  } else if (place) params.push(...place.params());
  else {
    const area = pick([...AREAS, null]);
    if (area) params.push(`area=${area}`);
  }
  const sort = pick([null, ...sorts.filter((s) => query !== null || s !== 'best')]);
  if (sort) params.push(`sort=${sort}`);
  const page = between(1, 3);
  if (page > 1) params.push(`page=${page}`);
  return params.length ? `/api/services?${params.join('&')}` : '/api/services';
}

/** A public page's address in English or, half the time, in Bangla (issue 22). */
const inEither = (path) => (random() < 0.5 ? path : `/bn${path}`);

/** One of `paths` (public pages' English addresses) at random, in either language. */
export const publicPagePath = (paths) => inEither(pick(paths));

/** All Services as a rendered page with the varied browsing's query, in either language. */
export const allServicesPagePath = (sorts) => inEither(browsePath(sorts).replace('/api/services', '/services'));

/** `/api/search/{text}?limit=8`, the header's typeahead. */
export const headerSearchPath = () => `/api/search/${encodeURIComponent(draw(HEADER_MIX))}?limit=8`;

/** The mixes in words, for the report. */
export const describeMix = (mix) => mix.map((m) => `${m.kind} ${Math.round(m.share * 100)} %`).join(', ');

/** The place filters of the browse draw in words, for the report. */
export const describePlaces = () =>
  `the place: ${describeMix(PLACE_MIX)}, else any of the 8 divisions or none (a search naming a place: its division half the time, else none); ` +
  `places from the server's ${PLACES_LIST.counts.districts} districts and ${(PLACES_LIST.counts.upazilas + PLACES_LIST.counts.cityAreas).toLocaleString('en')} areas`;
