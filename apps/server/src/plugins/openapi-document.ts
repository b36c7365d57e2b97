import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * What the OpenAPI document adds to each route, in one place, so a new route is documented right
 * without saying so (the route files keep their summaries, tags and Zod schemas only):
 *
 * - `operationId`: the route's own `schema.operationId` when it sets one, else the method followed by
 *   the path after `/api`, each segment capitalised, words split at `-` and `_`, and a parameter
 *   written `By<Name>`: `GET /api/services/{id}` is `getServicesById`, `PUT /api/users/me/language`
 *   is `putUsersMeLanguage`. It depends on nothing but the method and the path, so it is the same on
 *   every build and changes only when the route does.
 * - `security`, from the route's hooks: `app.authenticate` makes it `[{ bearer: [] }]`,
 *   `app.authenticateOptional` `[{}, { bearer: [] }]` (a token is read when sent), neither leaves the
 *   document's default, `[]`: public. A `security` written in a route's schema is replaced.
 * - A `429` on every route the rate limit counts (all but those with `config: { rateLimit: false }`)
 *   that does not document its own, and a `4XX` on every route: any client error answers `{ error }`.
 * - Components no operation refers to (the zod transform writes an input and an output form of every
 *   named schema) are left out.
 */

export const BEARER = 'bearer';
type Lock = 'required' | 'optional' | 'public';
type Json = Record<string, unknown>;
type Operation = { operationId?: string; responses?: Record<string, unknown> };

const HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The operationId of a route without one of its own (see the header). */
export function operationIdFor(method: string | string[], url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^(?::([^(]+)|\{(.+)\})/.exec(segment);
      if (param) return ['by', param[1] ?? param[2]!];
      return segment.split(/[-_.]+/);
    })
    .map((word) => word.replace(/[^A-Za-z0-9]/g, ''))
    .filter(Boolean);
  const verbs = [method].flat().map((m) => m.toLowerCase());
  return verbs[0]! + verbs.slice(1).map(capitalise).join('') + words.map(capitalise).join('');
}

/** How the route's hooks treat a bearer token. */
export function lockOf(route: Partial<RouteOptions>, app: FastifyInstance): Lock {
  const hooks = HOOKS.flatMap((name) => [route[name] ?? []].flat());
  if (hooks.includes(app.authenticate)) return 'required';
  if (hooks.includes(app.authenticateOptional)) return 'optional';
  return 'public';
}

const SECURITY: Record<Lock, Json[] | undefined> = {
  required: [{ [BEARER]: [] }],
  optional: [{}, { [BEARER]: [] }],
  public: undefined,
};

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
const RESPONSES = {
  TooManyRequests: {
    description:
      'Too many requests from this address in the last minute (`RATE_LIMIT_MAX`, 600 by default): wait the `Retry-After` seconds.',
    content: errorContent,
  },
  ClientError: {
    description:
      'Any other client error (a malformed request, a body over 64 KB or not JSON, headers too large): `{ "error": "<sentence>" }` in the language of `Accept-Language`.',
    content: errorContent,
  },
};
const responseRef = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });

/** Every `#/components/<kind>/<name>` reference under `node`. */
function collectRefs(node: unknown, into: Set<string>) {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, into);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') into.add(value);
      else collectRefs(value, into);
    }
  }
}

/** Leaves out the schemas and responses that nothing outside `components` reaches. */
function pruneComponents(doc: Json & { components?: Record<string, Record<string, unknown>> }) {
  const components = doc.components ?? {};
  const reached = new Set<string>();
  collectRefs({ ...doc, components: undefined }, reached);
  const pending = [...reached];
  while (pending.length) {
    const [, kind, name] = /^#\/components\/([^/]+)\/([^/]+)$/.exec(pending.pop()!) ?? [];
    const found = new Set<string>();
    collectRefs(kind && name ? components[kind]?.[name] : undefined, found);
    for (const ref of found) {
      if (reached.has(ref)) continue;
      reached.add(ref);
      pending.push(ref);
    }
  }
  for (const kind of ['schemas', 'responses']) {
    const named = components[kind];
    if (!named) continue;
    for (const name of Object.keys(named)) {
      if (!reached.has(`#/components/${kind}/${name}`)) delete named[name];
    }
  }
}

/** @fastify/swagger's `transform` and `transformObject` for the app (after the auth plugin). */
export function documentTransforms(app: FastifyInstance) {
  // Filled by `transform` (route by route), read by `transformObject` (once, after every route).
  const rateLimited = new Set<string>();

  const transform: typeof jsonSchemaTransform = (input) => {
    const result = jsonSchemaTransform(input);
    const schema = { ...(result.schema ?? {}) } as Json;
    if (schema.hide) return result;
    const { route } = input;
    const operationId = (schema.operationId as string | undefined) ?? operationIdFor(route.method, input.url);
    schema.operationId = operationId;
    const security = SECURITY[lockOf(route, app)];
    if (security) schema.security = security;
    else delete schema.security;
    if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false) rateLimited.add(operationId);
    return { ...result, schema };
  };

  const transformObject: typeof jsonSchemaTransformObject = (input) => {
    const doc = jsonSchemaTransformObject(input) as Json & {
      paths?: Record<string, Record<string, Operation>>;
      components?: Record<string, Record<string, unknown>>;
    };
    for (const pathItem of Object.values(doc.paths ?? {})) {
      for (const [method, operation] of Object.entries(pathItem)) {
        if (!METHODS.includes(method)) continue;
        const responses = (operation.responses ??= {});
        if (operation.operationId && rateLimited.has(operation.operationId) && !responses['429']) {
          responses['429'] = responseRef('TooManyRequests');
        }
        responses['4XX'] ??= responseRef('ClientError');
      }
    }
    doc.components = { ...doc.components, responses: { ...doc.components?.responses, ...RESPONSES } };
    pruneComponents(doc);
    return doc;
  };

  return { transform, transformObject };
}
