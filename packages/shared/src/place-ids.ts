/**
 * District and area ids (`dhaka`, `dhaka/mirpur`) as the API and the addresses take them, without
 * zod: All Services reads them from its address, and its page must not load zod for two patterns.
 * `place.ts`'s schemas check the same with these.
 */
export const DISTRICT_ID_MAX = 40;
export const AREA_ID_MAX = 80;
export const DISTRICT_ID_PATTERN = /^[a-z][a-z0-9-]*$/;
export const AREA_ID_PATTERN = /^[a-z][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/;

const normalized = (value: string, max: number, pattern: RegExp): string | undefined => {
  const id = value.trim().toLowerCase();
  return id.length <= max && pattern.test(id) ? id : undefined;
};

/** The district id `value` names (trimmed, lower case), or undefined when it is not one. */
export const parseDistrictId = (value: string) => normalized(value, DISTRICT_ID_MAX, DISTRICT_ID_PATTERN);

/** The area id `value` names (trimmed, lower case), or undefined when it is not one. */
export const parseAreaId = (value: string) => normalized(value, AREA_ID_MAX, AREA_ID_PATTERN);
