import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Placeholder, SQL } from 'drizzle-orm';
import type { PersonListQuery } from '@meramot/shared';

/** One page of a person-scoped list and the number of items in the whole list. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** LIMIT and OFFSET of a page. */
export const pageWindow = ({ page, limit }: PersonListQuery) => ({ limit, offset: (page - 1) * limit });

/** A page's LIMIT and OFFSET in a query: values (pageWindow's), or a prepared statement's placeholders. */
export interface QueryWindow {
  limit: number | Placeholder;
  offset: number | Placeholder;
}

/** The id a list is of (a provider's, a service's) in a query: a value, a column, or a prepared statement's placeholder. */
export type QueryId = string | SQL | Placeholder;

/**
 * Answers a page as the plain array the spec's clients read, with the total in `X-Total-Count` and
 * the neighbouring pages in an RFC 8288 `Link` header (rel="next", rel="prev").
 */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, query: PersonListQuery, page: Page<T>): T[] {
  reply.header('x-total-count', String(page.total));
  const links: string[] = [];
  const url = new URL(request.url, 'http://x');
  const at = (n: number) => {
    url.searchParams.set('page', String(n));
    url.searchParams.set('limit', String(query.limit));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  if (query.page * query.limit < page.total) links.push(`<${at(query.page + 1)}>; rel="next"`);
  if (query.page > 1) links.push(`<${at(query.page - 1)}>; rel="prev"`);
  if (links.length) reply.header('link', links.join(', '));
  return page.items;
}

/** The OpenAPI description of a paged person-scoped list. */
export const pagingDoc =
  '`page` (from 1) and `limit` (50 by default, at most 100) choose a page, newest first. The body is the array of that page; `X-Total-Count` holds the number of items in the whole list and `Link` the next and previous pages (rel="next", rel="prev").';
