import { normaliseSearchText, type SearchUnderstanding } from '@meramot/shared';
import { nameKey, type PlaceCatalogue, type PlaceFilter } from '../places/catalogue';
import { DISTRICT_POPULATION_THOUSANDS } from '../places/population';
import { banglaCuts, isBangla } from './word-forms';

/**
 * Place words in a search (issue 24): "laptop mirpur", "মিরপুর ল্যাপটপ", "ac repair savar" name a
 * place, in either language, with any spelling the catalogue of places knows, in any position. The
 * words naming it are taken out of the search and the place becomes its filter; the answer says
 * which place it understood. One place per search (the first found, the longest name first).
 *
 * A name several places share is read as the one that fits the filter already chosen (a district
 * chosen: its area of that name), else the widest (a division before a district before an area:
 * "Dhaka" is the division, as the division's name always matched), else the one in the most
 * populous district (Mirpur: Dhaka's city area, not Kushtia's upazila).
 */

export type UnderstoodPlace = NonNullable<SearchUnderstanding['place']>;

const KIND_ORDER = { division: 0, district: 1, 'city-area': 2, upazila: 2 } as const;

export interface PlaceReading {
  /** The search without the words that named the place (may be empty). */
  text: string;
  /** The filter with the place applied. */
  filter: PlaceFilter;
  place: UnderstoodPlace | null;
}

/** Whether `candidate` (a division, district or area) lies within what `filter` chose. */
function within(candidate: { division: string; district?: string; area?: string }, filter: PlaceFilter): boolean {
  if (filter.place) return candidate.area === filter.place;
  if (filter.district) return candidate.district === filter.district;
  if (filter.area) return candidate.division === filter.area;
  return true;
}

export function readPlaceWords(places: PlaceCatalogue, text: string, filter: PlaceFilter): PlaceReading {
  const typed = normaliseSearchText(text).split(' ').filter(Boolean);
  const keys = typed.map(nameKey);
  const named = (words: string[]) => (places.namesByKey.get(words.join(' ')) ?? []).filter((c) => within(c, filter));
  for (let n = Math.min(places.longestName, typed.length); n >= 1; n--) {
    for (let start = 0; start + n <= typed.length; start++) {
      let candidates = named(keys.slice(start, start + n));
      // A Bangla name with a case ending on its last word: "মিরপুরে", "ঢাকায়", "উত্তরার" (issue 25).
      const last = typed[start + n - 1]!;
      if (candidates.length === 0 && isBangla(last)) {
        const before = keys.slice(start, start + n - 1);
        for (const cut of banglaCuts(last)) {
          candidates = named([...before, nameKey(cut.stem)]);
          if (candidates.length > 0) break;
        }
      }
      if (candidates.length === 0) continue;
      const kindOf = (c: (typeof candidates)[number]) =>
        c.area ? places.areas.get(c.area)!.kind : c.district ? 'district' : 'division';
      const population = (c: (typeof candidates)[number]) =>
        c.district ? (DISTRICT_POPULATION_THOUSANDS[places.districts.get(c.district)!.name] ?? 0) : Infinity;
      const [best] = [...candidates].sort(
        (a, b) => KIND_ORDER[kindOf(a)] - KIND_ORDER[kindOf(b)] || population(b) - population(a),
      );
      const chosen = best!;
      const narrowed: PlaceFilter = chosen.area
        ? { area: chosen.division, district: chosen.district, place: chosen.area }
        : chosen.district
          ? { area: chosen.division, district: chosen.district }
          : { area: chosen.division };
      const kind = kindOf(chosen);
      const label =
        kind === 'division'
          ? places.places.divisions.find((d) => d.id === chosen.division)!
          : kind === 'district'
            ? places.districts.get(chosen.district!)!
            : places.areas.get(chosen.area!)!;
      return {
        text: [...typed.slice(0, start), ...typed.slice(start + n)].join(' '),
        filter: narrowed,
        place: { id: label.id, name: label.name, bn: label.bn, kind, text: typed.slice(start, start + n).join(' ') },
      };
    }
  }
  return { text, filter, place: null };
}
