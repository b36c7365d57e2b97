import { describe, expect, it } from 'vitest';
import { AREAS, SEARCH_VOCABULARY } from '@meramot/shared';
import { loadPlaces, placeNames } from '.';
import { nameKey, PlaceCatalogue } from './catalogue';

/** The places shipped (issue 24): what the data holds, and the names people write resolving to them. */
const places = loadPlaces();
const names = placeNames(places);
const find = (text: string) => names.get(text.toLowerCase()) ?? [];

describe('the places of Bangladesh', () => {
  it('holds the 8 divisions by the product’s names, 64 districts, 494 upazilas and the city areas', () => {
    expect(places.divisions.map((d) => d.id)).toEqual([...AREAS]);
    expect(places.counts).toEqual({ divisions: 8, districts: 64, upazilas: 494, cityAreas: expect.any(Number) });
    expect(places.counts.cityAreas).toBeGreaterThanOrEqual(60);
    const districts = places.divisions.flatMap((d) => d.districts);
    expect(districts).toHaveLength(64);
    expect(new Set(districts.map((d) => d.id)).size).toBe(64);
    const areas = districts.flatMap((d) => d.areas);
    expect(new Set(areas.map((a) => a.id)).size, 'area ids are unique').toBe(areas.length);
    for (const district of districts) {
      // Every district's centre lies in Bangladesh (about 20.5-26.7 N, 88-92.7 E).
      expect(district.centre.lat).toBeGreaterThan(20.5);
      expect(district.centre.lat).toBeLessThan(26.7);
      expect(district.centre.lon).toBeGreaterThan(88);
      expect(district.centre.lon).toBeLessThan(92.7);
      expect(district.bn).toMatch(/^[\u0980-\u09FF\s]+$/);
    }
    for (const area of areas) expect(area.bn, area.id).toMatch(/^[\u0980-\u09FF\s]+$/);
  });

  it('finds a place by its English or Bangla name and by the other spellings people use', () => {
    const districtOf = (text: string) => find(text).map((p) => p.district ?? null);
    expect(districtOf('Chittagong')).toContain('chattogram');
    expect(districtOf('Chattogram')).toContain('chattogram');
    expect(districtOf('চট্টগ্রাম')).toContain('chattogram');
    expect(districtOf('Comilla')).toEqual(['cumilla']);
    expect(districtOf('Cumilla')).toEqual(['cumilla']);
    expect(districtOf('কুমিল্লা')).toEqual(['cumilla']);
    expect(districtOf('Bogra')).toEqual(['bogura']);
    expect(districtOf('Jessore')).toEqual(['jashore']);
    expect(find('Barishal').map((p) => p.division)).toContain('Barisal');
    expect(find('Chittagong').some((p) => p.division === 'Chittagong' && !p.district)).toBe(true);
    // City areas and upazilas, in both languages.
    // Mirpur is a city area of Dhaka and an upazila of Kushtia: both, Dhaka's first (divisions in order).
    const mirpur = [
      { division: 'Dhaka', district: 'dhaka', area: 'dhaka/mirpur' },
      { division: 'Khulna', district: 'kushtia', area: 'kushtia/mirpur' },
    ];
    expect(find('Mirpur')).toEqual(mirpur);
    expect(find('মিরপুর')).toEqual(mirpur);
    expect(find('Agrabad')).toEqual([{ division: 'Chittagong', district: 'chattogram', area: 'chattogram/agrabad' }]);
    expect(find('আগ্রাবাদ')[0]?.area).toBe('chattogram/agrabad');
    expect(find('Savar')).toEqual([{ division: 'Dhaka', district: 'dhaka', area: 'dhaka/savar' }]);
    expect(find('সাভার')[0]?.area).toBe('dhaka/savar');
    expect(find('Uttara')[0]?.area).toBe('dhaka/uttara-east');
    expect(find('Dhanmondi')[0]?.area).toBe('dhaka/dhanmondi');
  });
});

describe('place names and the words of repairs', () => {
  it('no place name is a repair word of the search vocabulary ("charging port" is not the Port area)', () => {
    const catalogue = new PlaceCatalogue();
    // The vocabulary's own place groups (Dhaka/ঢাকা, Mirpur/মিরপুর...: half their terms or more are
    // place names) are places: the rest are repair words.
    const placeGroups = SEARCH_VOCABULARY.filter(
      (group) => group.filter((term) => catalogue.namesByKey.has(nameKey(term))).length * 2 >= group.length,
    );
    const repairWords = new Set(
      SEARCH_VOCABULARY.filter((g) => !placeGroups.includes(g)).flatMap((g) => g.flatMap((term) => term.split(' '))),
    );
    const clashes = [...catalogue.namesByKey.keys()].filter((name) => repairWords.has(name));
    expect(clashes).toEqual([]);
  });
});
