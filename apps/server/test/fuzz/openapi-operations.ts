/**
 * The operations of the API as the OpenAPI document (`app.swagger()`) describes them: method, path
 * template, parameters, body schema and whether a bearer token is required, plus a valid sample
 * value for any schema (the fuzz mutates valid requests so that malformed input reaches every layer).
 */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  default?: unknown;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: JsonSchema;
  required?: boolean;
}

export interface Operation {
  method: string;
  /** OpenAPI path template, e.g. `/api/services/{id}`. */
  path: string;
  params: Parameter[];
  body?: JsonSchema;
  secured: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

export function operationsFrom(doc: unknown): { operations: Operation[]; resolve(s: JsonSchema): JsonSchema } {
  const d = doc as OpenApiDoc;
  const schemas = d.components?.schemas ?? {};
  const resolve = (s: JsonSchema): JsonSchema => {
    let out = s;
    for (let i = 0; out.$ref && i < 10; i++) out = schemas[out.$ref.replace('#/components/schemas/', '')] ?? {};
    return out;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(d.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(item)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        secured: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return { operations, resolve };
}

/** Values the fixtures supply for fields a generic sample cannot guess (real ids, a date to come); undefined leaves a field out. */
export type Known = Record<string, () => unknown>;

/** A value that satisfies `schema` (best effort: enough for the API's own schemas). */
export function sampleOf(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema, known: Known, name = ''): unknown {
  const s = resolve(schema);
  if (name && known[name]) return known[name]!();
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return sampleOf(alt.find((a) => resolve(a).type !== 'null') ?? alt[0]!, resolve, known, name);
  if (s.allOf?.length) return sampleOf(s.allOf[0]!, resolve, known, name);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      // Every declared field, optional ones too: the more of a valid request, the deeper a mutation reaches.
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        const value = sampleOf(prop, resolve, known, key);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'uri' || s.format === 'url') return 'https://example.com/image.webp';
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'A sample text for the fuzz'.padEnd(s.minLength ?? 0, '.');
    default:
      return 'sample';
  }
}
