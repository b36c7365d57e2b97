import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PublicReview, Service } from '@meramot/shared';
import { apiPage } from '@/lib/api-client';
import { providerKeys } from '@/lib/query-keys';

/** Services and reviews shown per "Show more". */
export const PROVIDER_PAGE_SIZE = 6;

/** One page of a provider's list: its items, and the list's total (X-Total-Count) when told. */
export interface ListPage<T> {
  items: T[];
  total: number | null;
}

/** The next page's number, or undefined when every item is shown. */
export function nextPage<T>(last: ListPage<T>, pages: ListPage<T>[], limit: number): number | undefined {
  const shown = pages.reduce((n, page) => n + page.items.length, 0);
  const more = last.total !== null ? shown < last.total : last.items.length === limit;
  return more && last.items.length > 0 ? pages.length + 1 : undefined;
}

const listQuery = <T>(key: readonly unknown[], path: string, limit: number) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }): Promise<ListPage<T>> =>
      apiPage<T>(`${path}?page=${pageParam}&limit=${limit}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: ListPage<T>, pages: ListPage<T>[]) => nextPage(last, pages, limit),
  });

/** `enabled: false` once the provider is known not to exist (their lists would answer 404 too). */
interface ListOptions {
  limit?: number;
  enabled?: boolean;
}

/** GET /api/providers/{id}/services?page&limit: their active services, newest first. */
export const useProviderServices = (id: string, { limit = PROVIDER_PAGE_SIZE, enabled = true }: ListOptions = {}) =>
  useInfiniteQuery({
    ...listQuery<Service>(providerKeys.services(id, limit), `/providers/${encodeURIComponent(id)}/services`, limit),
    enabled,
  });

/** GET /api/providers/{id}/reviews?page&limit: the reviews of their services, newest first. */
export const useProviderReviews = (id: string, { limit = PROVIDER_PAGE_SIZE, enabled = true }: ListOptions = {}) =>
  useInfiniteQuery({
    ...listQuery<PublicReview>(providerKeys.reviews(id, limit), `/providers/${encodeURIComponent(id)}/reviews`, limit),
    enabled,
  });
