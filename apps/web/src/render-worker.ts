import type { LoadedPublicPage, RenderedPage } from '@meramot/shared';
import { renderer } from './entry-server';

/**
 * The server's render worker (issue 22's throughput): a worker thread of the server (a Piscina
 * pool, apps/server/src/routes/pages) renders the public pages its main thread has loaded, so the
 * main thread serves requests and reads the database while a page renders on another core. Built
 * with the server entry into dist/.ssr.
 */
export default function render({ page, origin }: { page: LoadedPublicPage; origin: string }): Promise<RenderedPage> {
  return renderer.renderLoaded(page, origin);
}
