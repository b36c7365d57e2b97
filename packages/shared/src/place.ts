import { z } from 'zod';
import { AREA_ID_MAX, AREA_ID_PATTERN, DISTRICT_ID_MAX, DISTRICT_ID_PATTERN } from './place-ids';

/**
 * The places of Bangladesh (issue 24): the 8 divisions, 64 districts, their upazilas and the city
 * areas of Dhaka and Chattogram, each with its English and Bangla name and the other spellings
 * people use. Ids are readable and stable: a division's is the product's area name (`Dhaka`,
 * `Chittagong`), a district's a slug (`coxs-bazar`), an area's `{district}/{slug}` (`dhaka/mirpur`).
 */
export const placeAreaSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    bn: z.string(),
    /** An upazila (a rural sub-district) or a city area (a metropolitan thana or neighbourhood). */
    kind: z.enum(['upazila', 'city-area']),
    spellings: z.array(z.string()),
  })
  .meta({ id: 'PlaceArea' });

export const placeDistrictSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    bn: z.string(),
    spellings: z.array(z.string()),
    /** The district's centre ("Near me" picks the nearest). */
    centre: z.object({ lat: z.number(), lon: z.number() }),
    areas: z.array(placeAreaSchema),
  })
  .meta({ id: 'PlaceDistrict' });

export const placeDivisionSchema = z
  .object({
    /** The product's name of the division: one of AREAS (the spec's serviceArea). */
    id: z.string(),
    name: z.string(),
    bn: z.string(),
    spellings: z.array(z.string()),
    districts: z.array(placeDistrictSchema),
  })
  .meta({ id: 'PlaceDivision' });

export const placesSchema = z
  .object({
    divisions: z.array(placeDivisionSchema),
    counts: z.object({
      divisions: z.number().int(),
      districts: z.number().int(),
      upazilas: z.number().int(),
      cityAreas: z.number().int(),
    }),
    /** Where the data comes from, to credit it. */
    source: z.string(),
  })
  .meta({ id: 'Places' });

export type PlaceArea = z.infer<typeof placeAreaSchema>;
export type PlaceDistrict = z.infer<typeof placeDistrictSchema>;
export type PlaceDivision = z.infer<typeof placeDivisionSchema>;
export type Places = z.infer<typeof placesSchema>;

/** A place as a service's answer names it: its district, or one of its areas. */
export const placeLabelSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    bn: z.string(),
    kind: z.enum(['district', 'upazila', 'city-area']),
  })
  .meta({ id: 'PlaceLabel' });
export type PlaceLabel = z.infer<typeof placeLabelSchema>;

/** The areas (upazilas or city areas) one service names at most. */
export const SERVICE_AREAS_MAX = 12;

/** A district's id as the API takes it (`dhaka`, `coxsbazar`). */
export const districtIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(DISTRICT_ID_MAX)
  .regex(DISTRICT_ID_PATTERN, { error: 'must be a district id such as dhaka' });

/** An area's id as the API takes it (`dhaka/mirpur`). */
export const areaIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(AREA_ID_MAX)
  .regex(AREA_ID_PATTERN, { error: 'must be an area id such as dhaka/mirpur' });

/**
 * Public services per district and per area (the place filters and their counts): only places some
 * service names, each with its names and its parent, so a filter needs nothing else.
 */
export const placeCountsSchema = z
  .object({
    districts: z.array(
      z.object({ id: z.string(), name: z.string(), bn: z.string(), division: z.string(), count: z.number().int() }),
    ),
    areas: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        bn: z.string(),
        kind: z.enum(['upazila', 'city-area']),
        district: z.string(),
        count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'PlaceCounts' });
export type PlaceCounts = z.infer<typeof placeCountsSchema>;

/**
 * `GET /api/services/places`'s query: `district` narrows the areas to that district's (a filter
 * shows one district's localities), and empty to none (the districts alone: 5 KB, not 66 KB).
 */
export const placeCountsQuerySchema = z.object({
  district: z.union([z.literal(''), districtIdSchema]).optional(),
});
export type PlaceCountsQuery = z.infer<typeof placeCountsQuerySchema>;
