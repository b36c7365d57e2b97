import type { PlatformStats } from './stats';
import type { ProviderProfile } from './provider';
import type { PublicReview } from './review';
import type { AreaCount, CategoryCount, Service, ServiceList, ServiceListQuery } from './service';
import type { PlaceCounts } from './place';

/**
 * What the server-rendered public pages (issue 22) read, as the API would answer it: the web app's
 * server entry asks, the server answers through the same service functions as its routes (never an
 * HTTP call to itself). Types only: nothing here reaches the browser's scripts.
 */
export interface PageDataSource {
  /** GET /api/services: the list, searched, filtered, sorted and paged. */
  services(query: ServiceListQuery): Promise<ServiceList>;
  areas(): Promise<AreaCount[]>;
  /** GET /api/services/places: the districts and areas services name, with their counts. */
  /** The place counts, the areas narrowed to `district`'s ('' for none). */
  placeCounts(district: string): Promise<PlaceCounts>;
  categories(): Promise<CategoryCount[]>;
  platformStats(): Promise<PlatformStats>;
  /**
   * A service's page: a visitor's GET /api/services/{id} and the service's latest reviews (GET
   * /api/reviews/service/{id}), read together; or why there is no page ('gone': deleted).
   */
  servicePage(id: string): Promise<{ service: Service; reviews: PublicReview[] } | 'missing' | 'gone'>;
  /**
   * A provider's page: their profile (GET /api/providers/{id}) and the first `limit` of their
   * services and of their reviews (the lists' numbers are the profile's counts), read together;
   * null when there is no such provider (the API answers 404).
   */
  providerPage(
    id: string,
    limit: number,
  ): Promise<{ provider: ProviderProfile; services: Service[]; reviews: PublicReview[] } | null>;
}

/** A public page rendered on the server: its status and language, and its document as bytes. */
export interface RenderedPage {
  /** 200, 404 (unknown page, service or provider) or 410 (a deleted service). */
  status: number;
  lang: 'en' | 'bn';
  /** The web app's index.html with the page in it: head, markup and the data it was rendered with. */
  body: Uint8Array;
}

/**
 * A public page's address matched and its data loaded (the server's main thread reads the data),
 * ready to render (in a worker thread): plain data, which a worker is given as a copy.
 */
export interface LoadedPublicPage {
  /** The address's path and query. */
  url: string;
  lang: 'en' | 'bn';
  status: number;
  /** The page's canonical address, when the one asked for is not it (answered with a 301). */
  redirect?: string;
}

export interface PageRenderer {
  /** Matches a public page's address (path and query) and loads its data; null for an address that is not a public page's. */
  load(url: string, source: PageDataSource, origin: string): Promise<LoadedPublicPage | null>;
  /**
   * Renders pages `load` loaded (and did not redirect) into documents made from the web app's
   * index.html (`shell`): in this thread or another.
   */
  documents(shell: string): (page: LoadedPublicPage, origin: string) => Promise<RenderedPage>;
  /** The layout's parts made once and reused (the web app's lib/server-fragments.tsx): tests empty and count them. */
  fragments: { clear(): void; readonly size: number; readonly reused: number };
}
