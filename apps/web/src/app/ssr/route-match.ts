import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';

/**
 * React Router's matchRoutes, made cheap for a table that does not change (the server's public
 * pages, issue 22). matchRoutes flattens, ranks and compiles every route of the table on every call
 * (a twentieth of a rendered service page's time on the server, where each page's address is new).
 *
 * Whether a route matches an address depends only on the address's shape: how many segments it
 * has, which of them are words the table names ("services", "bn") and which are anything else (a
 * parameter's value). So the first address of each shape is matched against the whole table, and
 * the branch it matched (each route with only the next as its child) is kept for the shape: the
 * next address of that shape is matched against that branch alone, by matchRoutes itself, and gets
 * the same matches the whole table would have given (the table's own route objects).
 */

/** A route table's words, and the branch kept for each address shape met (null: none matched). */
interface ShapeMatches {
  words: Set<string>;
  branches: Map<string, { branch: RouteObject[]; routes: RouteObject[] } | null>;
}

/** Shapes kept per table; forgotten all at once when full (only made-up addresses make more). */
const SHAPES_KEPT = 1000;
const tables = new WeakMap<RouteObject[], ShapeMatches>();

/** The static segments of every route's path, as compared. */
function wordsOf(table: RouteObject[], words = new Set<string>()): Set<string> {
  for (const route of table) {
    for (const segment of route.path?.split('/') ?? []) {
      if (segment && !segment.startsWith(':') && !segment.includes('*')) words.add(segment.toLowerCase());
    }
    if (route.children) wordsOf(route.children, words);
  }
  return words;
}

/**
 * An address's shape: each segment the word it is, `:` for any other, '' for an empty one; null when
 * a segment cannot be decoded (React Router then compares the whole address undecoded).
 */
function shapeOf(pathname: string, words: Set<string>): string | null {
  let shape = '';
  for (const segment of pathname.split('/')) {
    let word = '';
    if (segment) {
      try {
        word = decodeURIComponent(segment).toLowerCase();
      } catch {
        return null;
      }
    }
    shape += `/${!segment ? '' : words.has(word) ? word : ':'}`;
  }
  return shape;
}

/** The routes of `matches` as a table of that branch alone. */
function branchOf(matches: RouteMatch[]): RouteObject[] {
  let children: RouteObject[] | undefined;
  for (let i = matches.length - 1; i >= 0; i--) children = [{ ...matches[i]!.route, children } as RouteObject];
  return children!;
}

/** `matchRoutes(routes, pathname)`, with the same result. */
export function matchRoutesByShape(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let table = tables.get(routes);
  if (!table) tables.set(routes, (table = { words: wordsOf(routes), branches: new Map() }));
  const shape = shapeOf(pathname, table.words);
  if (shape === null) return matchRoutes(routes, pathname);
  const kept = table.branches.get(shape);
  if (kept === null) return null;
  if (kept) {
    const matches = matchRoutes(kept.branch, pathname);
    // Always a match (an address of the shape matches its branch); the whole table otherwise.
    if (matches) return matches.map((match, i) => ({ ...match, route: kept.routes[i]! }));
    return matchRoutes(routes, pathname);
  }
  const matches = matchRoutes(routes, pathname);
  if (table.branches.size >= SHAPES_KEPT) table.branches.clear();
  table.branches.set(shape, matches && { branch: branchOf(matches), routes: matches.map((m) => m.route) });
  return matches;
}
