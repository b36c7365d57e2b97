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
 * Loads a public page's data into the query cache under the keys its components read (so they
 * render with it on the server, and the browser, given the same cache, does not ask again), and
 * says the page's status and what its head is made of.
 */
export interface LoadedPage {
  status: number;
  /** The page's canonical address, when the one asked for is not it (answered with a 301). */
  redirect?: string;
  head: HeadData;
}

/** A query that failed as the API would have answered it (the page shows its not-found view). */
function fail(client: QueryClient, key: readonly unknown[], status: number, message: string) {
  const query = client.getQueryCache().build(client, { queryKey: key });
  query.setState({
    status: 'error',
    error: new ApiError(message, status),
    errorUpdatedAt: Date.now(),
    errorUpdateCount: 1,
    fetchFailureCount: 1,
    fetchFailureReason: null,
    fetchStatus: 'idle',
  });
}

export async function loadPage(
  page: PublicPageName,
  params: Record<string, string | undefined>,
  url: URL,
  lang: Language,
  source: PageDataSource,
  client: QueryClient,
): Promise<LoadedPage> {
  switch (page) {
    case 'home': {
      const [categories, stats] = await Promise.all([source.categories(), source.platformStats()]);
      client.setQueryData(serviceKeys.categories(), categories);
      client.setQueryData(statsKeys.platform(), stats);
      return { status: 200, head: { page, stats } };
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
      client.setQueryData(serviceKeys.list(query), list);
      client.setQueryData(serviceKeys.list({ limit: 1 }), all);
      client.setQueryData(serviceKeys.areas(), areas);
      client.setQueryData(placeKeys.counts(query.district ?? ''), places);
      return { status: 200, head: { page, params: query, list, query: url.search } };
    }
    case 'service': {
      const id = params.id ?? '';
      const found = await source.servicePage(id);
      if (found === 'missing' || found === 'gone') {
        const status = found === 'gone' ? 410 : 404;
        fail(
          client,
          serviceKeys.visitorDetail(id),
          status,
          "Service not found. The service you're looking for doesn't exist.",
        );
        return { status, head: { page: 'not-found', path: url.pathname } };
      }
      const { service, reviews } = found;
      if (service._id !== id || params.slug !== serviceSlug(service.serviceName)) {
        return { status: 301, redirect: localizePath(servicePath(service), lang) + url.search, head: notFound(url) };
      }
      client.setQueryData<Service>(serviceKeys.visitorDetail(id), service);
      client.setQueryData(reviewKeys.service(id), reviews);
      return { status: 200, head: { page, service, reviews } };
    }
    case 'provider': {
      const id = params.id ?? '';
      const limit = PROVIDER_PAGE_SIZE;
      const found = await source.providerPage(id, limit);
      if (!found) {
        fail(client, providerKeys.profile(id), 404, 'Provider not found.');
        return { status: 404, head: notFound(url) };
      }
      const { provider, services, reviews } = found;
      client.setQueryData(providerKeys.profile(id), provider);
      // The lists' totals are the profile's counts (the same counts: not read again).
      client.setQueryData(providerKeys.services(id, limit), {
        pages: [{ items: services, total: provider.serviceCount }],
        pageParams: [1],
      });
      client.setQueryData(providerKeys.reviews(id, limit), {
        pages: [{ items: reviews, total: provider.reviewCount }],
        pageParams: [1],
      });
      return { status: 200, head: { page, provider, services } };
    }
    case 'privacy':
    case 'terms':
    case 'support':
      return { status: 200, head: { page } };
    case 'not-found':
      return { status: 404, head: notFound(url) };
  }
}

const notFound = (url: URL): HeadData => ({ page: 'not-found', path: url.pathname });
