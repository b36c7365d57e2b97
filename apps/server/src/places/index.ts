import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREAS, type PlaceArea, type PlaceDistrict, type PlaceDivision, type Places } from '@meramot/shared';
import { CHATTOGRAM_CITY_AREAS, DHAKA_CITY_AREAS } from './metro-areas';
import { DIVISION_PRODUCT_NAMES, SPELLINGS } from './spellings';

/**
 * The places of Bangladesh, read once from the shipped data (geocode/README.md credits its source):
 * divisions, districts and upazilas from bangladesh-geocode, the city areas of Dhaka and
 * Chattogram from metro-areas.ts, other spellings from spellings.ts.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

export const PLACES_SOURCE =
  'Divisions, districts and upazilas: nuhil/bangladesh-geocode (MIT licence); city areas of Dhaka and Chattogram: their metropolitan police thanas, public facts.';

/** The rows of one of the data's CSV files ("a","b",... per line, no header). */
function rows(file: string): string[][] {
  return readFileSync(path.join(here, 'geocode', file), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) =>
      line
        .replace(/^"|"\s*$/g, '')
        .split('","')
        // The data has a stray tab after one Bangla name (Shahrasti): no name keeps spaces at its ends.
        .map((cell) => cell.trim()),
    );
}

/** A readable, stable id: "Cox's Bazar" → coxs-bazar. */
export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function loadPlaces(): Places {
  const districtsOf = new Map<string, PlaceDistrict[]>();
  const districtById = new Map<string, PlaceDistrict>();
  for (const [id, divisionId, name, bn, lat, lon] of rows('districts.csv')) {
    const district: PlaceDistrict = {
      id: slug(name!),
      name: name!,
      bn: bn!,
      spellings: [...(SPELLINGS[name!] ?? [])],
      centre: { lat: Number(lat), lon: Number(lon) },
      areas: [],
    };
    districtById.set(id!, district);
    districtsOf.set(divisionId!, [...(districtsOf.get(divisionId!) ?? []), district]);
  }
  let upazilas = 0;
  for (const [, districtId, name, bn] of rows('upazilas.csv')) {
    const district = districtById.get(districtId!)!;
    district.areas.push({ id: `${district.id}/${slug(name!)}`, name: name!, bn: bn!, kind: 'upazila', spellings: [] });
    upazilas++;
  }
  let cityAreas = 0;
  for (const [districtName, list] of [
    ['Dhaka', DHAKA_CITY_AREAS],
    ['Chattogram', CHATTOGRAM_CITY_AREAS],
  ] as const) {
    const district = [...districtById.values()].find((d) => d.name === districtName)!;
    for (const [name, bn, spellings] of list) {
      const id = `${district.id}/${slug(name)}`;
      // An upazila of the same name (Karnaphuli) is the one kept.
      if (district.areas.some((a) => a.id === id)) continue;
      const area: PlaceArea = { id, name, bn, kind: 'city-area', spellings: [...(spellings ?? [])] };
      district.areas.push(area);
      cityAreas++;
    }
  }
  const divisions: PlaceDivision[] = rows('divisions.csv').map(([id, name, bn]) => {
    const product = DIVISION_PRODUCT_NAMES[name!] ?? name!;
    return {
      id: product,
      name: product,
      bn: bn!,
      spellings: [...new Set([name!, ...(SPELLINGS[name!] ?? [])].filter((s) => s !== product))],
      districts: (districtsOf.get(id!) ?? []).sort((a, b) => a.name.localeCompare(b.name)),
    };
  });
  // In the product's order of divisions (AREAS).
  divisions.sort((a, b) => AREAS.indexOf(a.id as never) - AREAS.indexOf(b.id as never));
  for (const division of divisions)
    for (const district of division.districts)
      district.areas.sort((a, b) =>
        a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'city-area' ? -1 : 1,
      );
  return {
    divisions,
    counts: { divisions: divisions.length, districts: districtById.size, upazilas, cityAreas },
    source: PLACES_SOURCE,
  };
}

/** Every way a place is written (English, Bangla, other spellings), lower-cased, to the place. */
export function placeNames(places: Places) {
  const names = new Map<string, { division: string; district?: string; area?: string }[]>();
  const add = (text: string, place: { division: string; district?: string; area?: string }) => {
    const key = text.toLowerCase();
    names.set(key, [...(names.get(key) ?? []), place]);
  };
  for (const division of places.divisions) {
    for (const text of [division.name, division.bn, ...division.spellings]) add(text, { division: division.id });
    for (const district of division.districts) {
      const at = { division: division.id, district: district.id };
      for (const text of [district.name, district.bn, ...district.spellings]) add(text, at);
      for (const area of district.areas)
        for (const text of [area.name, area.bn, ...area.spellings]) add(text, { ...at, area: area.id });
    }
  }
  return names;
}
