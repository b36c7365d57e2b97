import type { PlaceArea, PlaceDistrict, PlaceDivision, PlaceLabel, Places } from '@meramot/shared';
import { en, normaliseSearchText } from '@meramot/shared';
import { badRequest } from '../lib/http-error';
import { loadPlaces, placeNames } from './index';

/**
 * The places as the rest of the server asks about them: a district or an area by its id, which
 * division and district each belongs to, the labels a service's answer carries, the check of a
 * service's or a list's place, and the names people write (search reads them as places).
 * Made once per process from the shipped data (index.ts).
 */

export interface KnownArea extends PlaceArea {
  district: PlaceDistrict;
  division: PlaceDivision;
}
export interface KnownDistrict extends PlaceDistrict {
  division: PlaceDivision;
}

/** A place a search or a list is narrowed to: a division, a district or an area, with its parents. */
export interface PlaceFilter {
  /** A division (the spec's serviceArea). */
  area?: string;
  /** A district id (`dhaka`). */
  district?: string;
  /** An area id (`dhaka/mirpur`): an upazila or a city area. */
  place?: string;
}

export class PlaceCatalogue {
  readonly places: Places;
  readonly districts = new Map<string, KnownDistrict>();
  readonly areas = new Map<string, KnownArea>();
  /** Every way a place is written, as `nameKey` compares names, to the places so named. */
  readonly namesByKey = new Map<string, { division: string; district?: string; area?: string }[]>();
  /** The longest name, in words (search tries the longest first). */
  readonly longestName: number;

  constructor(places: Places = loadPlaces()) {
    this.places = places;
    for (const division of places.divisions)
      for (const district of division.districts) {
        this.districts.set(district.id, { ...district, division });
        for (const area of district.areas) this.areas.set(area.id, { ...area, district, division });
      }
    for (const [name, named] of placeNames(places)) {
      const k = nameKey(name);
      this.namesByKey.set(k, [...(this.namesByKey.get(k) ?? []), ...named]);
    }
    this.longestName = Math.max(...[...this.namesByKey.keys()].map((n) => n.split(' ').length));
  }

  /** What a service's answer shows of its place: its district, then its areas. */
  labels(district: string | null, areas: readonly string[]): PlaceLabel[] {
    const labels: PlaceLabel[] = [];
    const d = district ? this.districts.get(district) : undefined;
    if (d) labels.push({ id: d.id, name: d.name, bn: d.bn, kind: 'district' });
    for (const id of areas) {
      const a = this.areas.get(id);
      if (a) labels.push({ id: a.id, name: a.name, bn: a.bn, kind: a.kind });
    }
    return labels;
  }

  /**
   * The place a text names within a division (a demo service's description: "at your doorstep
   * anywhere in Mirpur and Pallabi"): the areas it names, all of one district (the district named
   * most), else a district it names, else null.
   */
  placeNamedIn(text: string, division: string): { district: string; areas: string[] } | null {
    const words = nameKey(text.replace(/[^\p{L}\p{M}\s'’.-]/gu, ' '))
      .split(' ')
      .filter(Boolean);
    const found: KnownArea[] = [];
    let districtNamed: string | undefined;
    for (let i = 0; i < words.length; i++) {
      for (let n = Math.min(this.longestName, words.length - i); n >= 1; n--) {
        const named = (this.namesByKey.get(words.slice(i, i + n).join(' ')) ?? []).filter(
          (p) => p.district && p.division === division,
        );
        const area = named.find((p) => p.area);
        if (!area) {
          districtNamed ??= named[0]?.district;
          if (named.length === 0) continue;
        } else {
          const a = this.areas.get(area.area!)!;
          if (!found.includes(a)) found.push(a);
        }
        i += n - 1;
        break;
      }
    }
    if (found.length === 0) return districtNamed ? { district: districtNamed, areas: [] } : null;
    const tally = new Map<string, number>();
    for (const a of found) tally.set(a.district.id, (tally.get(a.district.id) ?? 0) + 1);
    const [district] = [...tally].sort((a, b) => b[1] - a[1])[0]!;
    return { district, areas: found.filter((a) => a.district.id === district).map((a) => a.id) };
  }

  /**
   * Checks a service's place: its district in its division, each area in its district (and an
   * area only with a district). Throws 400 with a sentence saying what is wrong.
   */
  checkService(division: string, district: string | null | undefined, areas: readonly string[] | undefined): void {
    if (!district) {
      if (areas?.length) throw badRequest(en.placeAreaNeedsDistrict);
      return;
    }
    const d = this.district(district);
    if (d.division.id !== division) throw notInDivision(d, division);
    for (const id of areas ?? []) {
      const a = this.area(id);
      if (a.district.id !== d.id) throw notInDistrict(a, d);
    }
  }

  /**
   * Checks a list's place filter and fills in the parents of the most precise place: `place`
   * alone gives its district and division. A parent given that is not the place's answers 400.
   */
  checkFilter(filter: PlaceFilter): PlaceFilter {
    const out: PlaceFilter = { ...filter };
    if (filter.place) {
      const a = this.area(filter.place);
      if (filter.district && filter.district !== a.district.id) throw notInDistrict(a, this.district(filter.district));
      out.district = a.district.id;
    }
    if (out.district) {
      const d = this.district(out.district);
      if (filter.area && filter.area !== d.division.id) throw notInDivision(d, filter.area);
      out.area = d.division.id;
    }
    return out;
  }

  /** A district by its id, or 400. */
  district(id: string): KnownDistrict {
    const d = this.districts.get(id);
    if (!d)
      throw badRequest(
        `Unknown district: ${id}. The districts are listed by GET /api/places.`,
        `অজানা জেলা: ${id}। জেলাগুলোর তালিকা GET /api/places-এ আছে।`,
      );
    return d;
  }

  /** An area by its id, or 400. */
  area(id: string): KnownArea {
    const a = this.areas.get(id);
    if (!a)
      throw badRequest(
        `Unknown area: ${id}. The areas are listed by GET /api/places.`,
        `অজানা এলাকা: ${id}। এলাকাগুলোর তালিকা GET /api/places-এ আছে।`,
      );
    return a;
  }
}

const notInDivision = (d: KnownDistrict, division: string) =>
  badRequest(
    `${d.name} is not a district of ${division} division: it is in ${d.division.name} division.`,
    `${d.bn} ${divisionBn(division)} বিভাগের জেলা নয়: এটি ${d.division.bn} বিভাগে।`,
  );

const notInDistrict = (a: KnownArea, d: PlaceDistrict) =>
  badRequest(
    `${a.name} is not an area of ${d.name} district: it is in ${a.district.name} district.`,
    `${a.bn} ${d.bn} জেলার এলাকা নয়: এটি ${a.district.bn} জেলায়।`,
  );

function divisionBn(id: string): string {
  return placeCatalogue().places.divisions.find((d) => d.id === id)?.bn ?? id;
}

/** A place's name as names are compared: lower-cased, single spaces, no apostrophes or dots ("Cox's Bazar" = "coxs bazar"). */
export const nameKey = (text: string) =>
  normaliseSearchText(text).replace(/['’.]/g, '').replace(/[-,]/g, ' ').replace(/\s+/g, ' ').trim();

let shared: PlaceCatalogue | undefined;

/** The process's one catalogue of places. */
export function placeCatalogue(): PlaceCatalogue {
  return (shared ??= new PlaceCatalogue());
}
