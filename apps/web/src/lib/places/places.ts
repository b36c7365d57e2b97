import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaceArea, PlaceDistrict, PlaceDivision, PlaceLabel, Places } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { placeKeys } from '@/lib/query-keys';

/**
 * The places of Bangladesh (issue 24) as the web app uses them: GET /api/places once (cached a day
 * by the browser, fixed for the server's life: never stale here), a place's name in a language,
 * lookups by id, and the district nearest a position ("Near me": the position never leaves the
 * browser, only the district chosen does).
 */

export const getPlaces = (signal?: AbortSignal) => api<Places>('/places', { signal });

export const placesQueryOptions = () =>
  queryOptions({ queryKey: placeKeys.all(), queryFn: ({ signal }) => getPlaces(signal), staleTime: Infinity });

export const usePlaces = () => useQuery(placesQueryOptions());

/** A place's name in the language (`bn`: Bangla, else English). */
export const placeName = (place: Pick<PlaceLabel, 'name' | 'bn'>, language: string) =>
  language === 'bn' ? place.bn : place.name;

export interface PlaceIndex {
  divisions: PlaceDivision[];
  division(id: string): PlaceDivision | undefined;
  district(id: string): (PlaceDistrict & { division: PlaceDivision }) | undefined;
  area(id: string): (PlaceArea & { district: PlaceDistrict }) | undefined;
}

/** Lookups by id over the places. */
export function indexPlaces(places: Places): PlaceIndex {
  const districts = new Map<string, PlaceDistrict & { division: PlaceDivision }>();
  const areas = new Map<string, PlaceArea & { district: PlaceDistrict }>();
  for (const division of places.divisions)
    for (const district of division.districts) {
      districts.set(district.id, { ...district, division });
      for (const area of district.areas) areas.set(area.id, { ...area, district });
    }
  return {
    divisions: places.divisions,
    division: (id) => places.divisions.find((d) => d.id === id),
    district: (id) => districts.get(id),
    area: (id) => areas.get(id),
  };
}

/** Kilometres between two positions (haversine). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The district whose centre is nearest the position. */
export function nearestDistrict(
  places: Places,
  position: { lat: number; lon: number },
): PlaceDistrict & { division: PlaceDivision } {
  let best: (PlaceDistrict & { division: PlaceDivision }) | undefined;
  let bestKm = Infinity;
  for (const division of places.divisions)
    for (const district of division.districts) {
      const km = distanceKm(position, district.centre);
      if (km < bestKm) [best, bestKm] = [{ ...district, division }, km];
    }
  return best!;
}

/**
 * Whether `query` (as typed, either language) matches a place's names: its English or Bangla name
 * or another spelling, from the start of any word ("mir" finds Mirpur, "মির" মিরপুর).
 */
export function matchesPlace(place: Pick<PlaceArea, 'name' | 'bn' | 'spellings'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [place.name, place.bn, ...place.spellings].some((text) =>
    text
      .toLowerCase()
      .split(/[\s\-']+/)
      .some((_, i, words) => words.slice(i).join(' ').startsWith(q)),
  );
}
