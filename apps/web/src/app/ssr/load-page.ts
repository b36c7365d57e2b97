import type { QueryClient } from '@tanstack/react-query';
import type { PageDataSource, Service, ServiceListQuery } from '@meramot/shared';
import { serviceSlug, servicePath } from '@meramot/shared';
import { ApiError } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';
import { localizePath } from '@/lib/page-language';
import { placeKeys, providerKeys, reviewKeys, serviceKeys, statsKeys } from '@/lib/query-keys';
import { PROVIDER_PAGE_SIZE } from '@/features/providers/api/get-provider-lists';
import { parseServicesParams } from '@/features/services/use-services-params';
import type { PublicPageName } from '../router';
import type { HeadData } from './head';

/**
 * A public page's data, loaded: what goes into the query cache under the keys its components read
 * (so they render with it on the server, and the browser, given the same cache, does not ask
 * again), the page's status, and what its head is made of. Plain data (structured-cloneable): the
 * server loads it on its main thread and renders it in a worker (entry-server.tsx).
 */
export interface LoadedPage {
  status: number;
  /** The page's canonical address, when the one asked for is not it (answered with a 301). */
  redirect?: string;
  head: HeadData;
  /** The query cache's entries, in the order they are put in (the page's state is in that order). */
  queries: CacheEntry[];
}

/** A query's data, or its failure as the API would have answered it (the page shows its not-found view). */
export type CacheEntry =
  { key: readonly unknown[]; data: unknown } | { key: readonly unknown[]; error: { status: number; message: string } };

/** Puts a loaded page's entries in a query cache. */
export function fillCache(client: QueryClient, queries: readonly CacheEntry[]): void {
  for (const entry of queries) {
    if ('data' in entry) {
      client.setQueryData(entry.key, entry.data);
      continue;
    }
    const query = client.getQueryCache().build(client, { queryKey: entry.key });
    query.setState({
      status: 'error',
      error: new ApiError(entry.error.message, entry.error.status),
      errorUpdatedAt: Date.now(),
      errorUpdateCount: 1,
      fetchFailureCount: 1,
      fetchFailureReason: null,
      fetchStatus: 'idle',
    });
  }
}

export async function loadPage(
  page: PublicPageName,
  params: Record<string, string | undefined>,
  url: URL,
  lang: Language,
  source: PageDataSource,
): Promise<LoadedPage> {
  switch (page) {
    case 'home': {
      const [categories, stats] = await Promise.all([source.categories(), source.platformStats()]);
      const queries = [
        { key: serviceKeys.categories(), data: categories },
        { key: statsKeys.platform(), data: stats },
      ];
      return { status: 200, head: { page, stats }, queries };
    }
    case 'services': {
      const query = parseServicesParams(url.searchParams);
      // The list shown, the count of every service ("x of y") and the place filters' counts.
      const [list, all, areas, places] = await Promise.all([
        source.services(query as ServiceListQuery),
        source.services({ limit: 1 }),
        source.areas(),
        source.placeCounts(query.district ?? ''),
      ]);
      const queries = [
        { key: serviceKeys.list(query), data: list },
        { key: serviceKeys.list({ limit: 1 }), data: all },
        { key: serviceKeys.areas(), data: areas },
        { key: placeKeys.counts(query.district ?? ''), data: places },
      ];
      return { status: 200, head: { page, params: query, list, query: url.search }, queries };
    }
    case 'service': {
      const id = params.id ?? '';
      const found = await source.servicePage(id);
      if (found === 'missing' || found === 'gone') {
        const status = found === 'gone' ? 410 : 404;
        const message = "Service not found. The service you're looking for doesn't exist.";
        return {
          status,
          head: notFound(url),
          queries: [{ key: serviceKeys.visitorDetail(id), error: { status, message } }],
        };
      }
      const { service, reviews } = found;
      if (service._id !== id || params.slug !== serviceSlug(service.serviceName)) {
        const redirect = localizePath(servicePath(service), lang) + url.search;
        return { status: 301, redirect, head: notFound(url), queries: [] };
      }
      const queries = [
        { key: serviceKeys.visitorDetail(id), data: service satisfies Service },
        { key: reviewKeys.service(id), data: reviews },
      ];
      return { status: 200, head: { page, service, reviews }, queries };
    }
    case 'provider': {
      const id = params.id ?? '';
      const limit = PROVIDER_PAGE_SIZE;
      const found = await source.providerPage(id, limit);
      if (!found) {
        const error = { status: 404, message: 'Provider not found.' };
        return { status: 404, head: notFound(url), queries: [{ key: providerKeys.profile(id), error }] };
      }
      const { provider, services, reviews } = found;
      const queries = [
        { key: providerKeys.profile(id), data: provider },
        // The lists' totals are the profile's counts (the same counts: not read again).
        {
          key: providerKeys.services(id, limit),
          data: { pages: [{ items: services, total: provider.serviceCount }], pageParams: [1] },
        },
        {
          key: providerKeys.reviews(id, limit),
          data: { pages: [{ items: reviews, total: provider.reviewCount }], pageParams: [1] },
        },
      ];
      return { status: 200, head: { page, provider, services }, queries };
    }
    case 'privacy':
    case 'terms':
    case 'support':
      return { status: 200, head: { page }, queries: [] };
    case 'not-found':
      return { status: 404, head: notFound(url), queries: [] };
  }
}

const notFound = (url: URL): HeadData => ({ page: 'not-found', path: url.pathname });
