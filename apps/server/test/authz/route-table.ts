import type { FastifyInstance } from 'fastify';

/**
 * Every method and URL the app serves, read from `app.printRoutes()` (the router's own tree), as
 * `METHOD /path` with Fastify's `:param` syntax. HEAD routes Fastify adds for each GET are left out.
 */
export function routeTable(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (method && method !== 'HEAD') out.push(`${method} ${path}`);
    }
  }
  return [...new Set(out)].sort();
}
