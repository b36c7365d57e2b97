import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AREAS, DEFAULT_SORT, lastPageInWindow, PAGE_SIZE_DEFAULT, SEARCH_TEXT_MAX, SORT_KEYS, type Area, type SortKey } from '@meramot/shared';

export interface ServicesParams {
  search: string;
  area: Area | '';
  sort: SortKey | '';
  page: number;
}

const isArea = (v: string | null): v is Area => !!v && (AREAS as readonly string[]).includes(v);
const isSort = (v: string | null): v is SortKey => !!v && (SORT_KEYS as readonly string[]).includes(v);

/**
 * The list's search, area, sort and page live in the URL (?search=&area=&sort=&page=), so a link
 * or a reload shows the same list. Unknown values are ignored, a page past the list window is
 * clamped to the last page the window allows. Changing a filter resets the page.
 */
export function useServicesParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo<ServicesParams>(() => {
    const area = searchParams.get('area');
    const sort = searchParams.get('sort');
    const page = Number(searchParams.get('page'));
    return {
      search: (searchParams.get('search') ?? '').trim().slice(0, SEARCH_TEXT_MAX),
      area: isArea(area) ? area : '',
      sort: isSort(sort) && sort !== DEFAULT_SORT ? sort : '',
      // The server answers only pages within its window (LIST_WINDOW rows): a deeper page in the
      // URL shows the last page it allows.
      page: Number.isInteger(page) && page > 1 ? Math.min(page, lastPageInWindow(PAGE_SIZE_DEFAULT)) : 1,
    };
  }, [searchParams]);

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

  const filtered = !!(params.search || params.area);
  return { params, update, clear, pageSearch, filtered };
}
