import { placeCatalogue, type PlaceCatalogue } from './catalogue';
import { DISTRICT_POPULATION_THOUSANDS } from './population';

/**
 * A district and areas for a service that has only its division (the demo data, the generated
 * catalogue, and the services that predate districts: backfill.ts), spread as people are: a
 * division's districts drawn by population (Dhaka district 14.7 million, Gazipur 5.3, Rajbari 1.2),
 * then, in the two metropolitan districts, mostly a city area (Dhaka 85 %, Chattogram 70 %: a shop
 * serves its neighbourhood), elsewhere an upazila half the time and the whole district otherwise;
 * now and then a second area beside the first. Deterministic: the same key always gives the same
 * place, so every instance, run and test agrees.
 */

/** Of a metropolitan district's services, the share that name a city area. */
const CITY_AREA_SHARE: Readonly<Record<string, number>> = { dhaka: 0.85, chattogram: 0.7 };
/** Elsewhere, the share that name an upazila. */
const UPAZILA_SHARE = 0.5;
/** Of those that name an area, the share that name a second one. */
const SECOND_AREA_SHARE = 0.2;

/** Numbers in [0, 1) from a text, the same every time (FNV-1a, then a xorshift per draw). */
function draws(key: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return () => {
    h ^= h << 13;
    h >>>= 0;
    h ^= h >>> 17;
    h ^= h << 5;
    h >>>= 0;
    return h / 2 ** 32;
  };
}

export interface ServicePlace {
  district: string;
  areas: string[];
}

export function placeOfService(
  key: string,
  division: string,
  places: PlaceCatalogue = placeCatalogue(),
): ServicePlace | null {
  const next = draws(key);
  const districts = places.places.divisions.find((d) => d.id === division)?.districts ?? [];
  if (districts.length === 0) return null;
  const weights = districts.map((d) => DISTRICT_POPULATION_THOUSANDS[d.name] ?? 1000);
  let u = next() * weights.reduce((a, b) => a + b, 0);
  let district = districts[districts.length - 1]!;
  for (let i = 0; i < districts.length; i++) {
    u -= weights[i]!;
    if (u < 0) {
      district = districts[i]!;
      break;
    }
  }
  const cityShare = CITY_AREA_SHARE[district.id];
  const kind = cityShare === undefined ? 'upazila' : 'city-area';
  const pool = district.areas.filter((a) => a.kind === kind);
  const share = cityShare ?? UPAZILA_SHARE;
  const areas: string[] = [];
  if (pool.length > 0 && next() < share) {
    const first = Math.floor(next() * pool.length);
    areas.push(pool[first]!.id);
    // Now and then a second area of the same district.
    if (pool.length > 1 && next() < SECOND_AREA_SHARE) {
      const second = (first + 1 + Math.floor(next() * (pool.length - 1))) % pool.length;
      areas.push(pool[second]!.id);
    }
  }
  return { district: district.id, areas };
}
