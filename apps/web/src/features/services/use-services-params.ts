import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ServiceListQuery } from '@/lib/query-keys';
import {
  AREAS,
  DEFAULT_SORT,
  lastPageInWindow,
  LIST_SORT_KEYS,
  PAGE_SIZE_DEFAULT,
  parseAreaId,
  parseDistrictId,
  SEARCH_DEFAULT_SORT,
  SEARCH_TEXT_MAX,
  type Area,
  type ListSortKey,
} from '@meramot/shared';

/** The list query as the URL holds it: the API's own query (no limit: the default page size). */
export type ServicesParams = Omit<ServiceListQuery, 'limit'> & { page: number };

const isArea = (v: string | null): v is Area => !!v && (AREAS as readonly string[]).includes(v);
/** A district's or an area's id as the API takes it (the server says whether it exists). */
const districtId = (v: string | null) => (v ? parseDistrictId(v) : undefined);
const areaId = (v: string | null) => (v ? parseAreaId(v) : undefined);
const isSort = (v: string | null): v is ListSortKey => !!v && (LIST_SORT_KEYS as readonly string[]).includes(v);

/** The order of a list the URL names no sort for: best match with a search, newest without. */
export const defaultSort = (search: string | null | undefined): ListSortKey =>
  search?.trim() ? SEARCH_DEFAULT_SORT : DEFAULT_SORT;

/**
 * The sort the URL should hold: none for the default, none for best match without a search (there
 * is nothing to match), else the sort.
 */
function sortInUrl(sort: string | null, search: string | null | undefined): ListSortKey | undefined {
  if (!isSort(sort) || sort === defaultSort(search)) return undefined;
  if (sort === 'best' && !search?.trim()) return undefined;
  return sort;
}

/** The list query an All Services address names (the server renders the same list from it). */
export function parseServicesParams(searchParams: URLSearchParams): ServicesParams {
  const area = searchParams.get('area');
  const sort = searchParams.get('sort');
  const page = Number(searchParams.get('page'));
  const search = (searchParams.get('search') ?? '').trim().slice(0, SEARCH_TEXT_MAX);
  return {
    search: search || undefined,
    area: isArea(area) ? area : undefined,
    district: districtId(searchParams.get('district')),
    place: areaId(searchParams.get('place')),
    sort: sortInUrl(sort, search),
    // The server answers only pages within its window (LIST_WINDOW rows): a deeper page in the
    // URL shows the last page it allows.
    page: Number.isInteger(page) && page > 1 ? Math.min(page, lastPageInWindow(PAGE_SIZE_DEFAULT)) : 1,
  };
}

/**
 * The list's search, places (division, district, area), sort and page live in the URL
 * (?search=&area=&district=&place=&sort=&page=), so a link
 * or a reload shows the same list. Unknown values are ignored, a page past the list window is
 * clamped to the last page the window allows. Changing a filter resets the page. The default sort
 * (best match with a search, newest without) is never written to the URL.
 */
export function useServicesParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo(() => parseServicesParams(searchParams), [searchParams]);

  const update = useCallback(
    (changes: Partial<ServicesParams>) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '' || value === undefined || (key === 'page' && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        // A new filter shows its first page.
        if (!('page' in changes)) next.delete('page');
        // A sort that has become the default (or meaningless: best match without a search) leaves the URL.
        const sort = sortInUrl(next.get('sort'), next.get('search'));
        if (sort) next.set('sort', sort);
        else next.delete('sort');
        return next;
      });
    },
    [setSearchParams],
  );

  const clear = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  /** The query string of another page of the same list, for page links. */
  const pageSearch = useCallback(
    (page: number) => {
      const next = new URLSearchParams(searchParams);
      if (page > 1) next.set('page', String(page));
      else next.delete('page');
      const qs = next.toString();
      return qs ? `?${qs}` : '?';
    },
    [searchParams],
  );

  const filtered = !!(params.search || params.area || params.district || params.place);
  return { params, update, clear, pageSearch, filtered };
}
