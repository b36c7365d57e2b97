import fc from 'fast-check';
import { BAD_JSON, CONTENT_TYPES, nastyString, nastyValue, segment } from './fuzz-values';
import { sampleOf, type JsonSchema, type Known, type Operation } from './openapi-operations';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Raw body text (bytes for multipart); undefined sends none. */
  payload?: string | Buffer;
  /** What was done to the request, for the failure report. */
  label: string;
}

/** Bearer headers of every kind the fuzz sends (valid ones come from the fixtures). */
export interface Credentials {
  session: string;
  /** A session of the provider of the fixtures' service (to reach the provider-only changes). */
  providerSession: string;
  firebase: string;
  pathValues: Record<string, string[]>;
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

function authHeaders(creds: Credentials): fc.Arbitrary<[string, string | undefined]> {
  const valid = fc.constantFrom<[string, string | undefined]>(
    ['session token', `Bearer ${creds.session}`],
    ['provider session token', `Bearer ${creds.providerSession}`],
    ['Firebase ID token', `Bearer ${creds.firebase}`],
  );
  const invalid = fc.constantFrom<[string, string | undefined]>(
    ['garbage token', 'Bearer garbage'],
    ['three-part garbage', 'Bearer a.b.c'],
    ['alg-none JWT', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'x', sid: 'y', iss: 'meramot' })}.`],
    ['HS256 header, bad signature', `Bearer ${b64({ alg: 'HS256' })}.${b64({ sub: 'x', sid: 'y' })}.AAAA`],
    ['RS256 header, junk', `Bearer ${b64({ alg: 'RS256', kid: '../../etc/passwd' })}.${b64({ uid: 'x' })}.AAAA`],
    ['huge token', `Bearer ${'a'.repeat(12_000)}`],
    ['Basic scheme', 'Basic dXNlcjpwYXNz'],
    ['bearer without token', 'Bearer'],
    ['bearer with spaces', 'Bearer a b c'],
    ['escaped NUL in token', 'Bearer abc%00def'],
  );
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    { weight: 2, arbitrary: fc.constant<[string, string | undefined]>(['no token', undefined]) },
    { weight: 2, arbitrary: invalid },
  );
}

function pathArb(op: Operation, creds: Credentials): fc.Arbitrary<[string, string]> {
  const names = op.params.filter((p) => p.in === 'path').map((p) => p.name);
  if (!names.length) return fc.constant([op.path, 'path as declared'] as [string, string]);
  const valid = (name: string) =>
    fc.constantFrom(...(creds.pathValues[`${op.path}:${name}`] ?? creds.pathValues[name] ?? ['x']));
  return fc
    .tuple(
      fc.boolean(),
      ...names.map((n) =>
        fc.oneof({ weight: 1, arbitrary: valid(n).map(encodeURIComponent) }, { weight: 2, arbitrary: segment }),
      ),
    )
    .map(([, ...values]) => {
      let url = op.path;
      names.forEach((n, i) => (url = url.replace(`{${n}}`, values[i]!)));
      return [url, `path ${values.map((v) => v.slice(0, 40)).join(',')}`] as [string, string];
    });
}

function queryArb(op: Operation): fc.Arbitrary<string> {
  const names = op.params.filter((p) => p.in === 'query').map((p) => p.name);
  const key = fc.oneof(
    { weight: 3, arbitrary: names.length ? fc.constantFrom(...names) : fc.constant('page') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__[polluted]',
        'constructor[prototype][x]',
        'unknown',
        'limit[]',
        'a'.repeat(500),
      ),
    },
  );
  const value = fc.oneof(
    fc.constantFrom(
      '1',
      '0',
      '-1',
      '100000000',
      '1.5',
      'abc',
      '',
      '%00',
      '%E0%A4%A',
      'x'.repeat(5_000),
      'Dhaka',
      'newest',
    ),
    nastyString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?'))),
  );
  return fc
    .array(fc.tuple(key, value), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
}

/** Mutations of a valid body: one field wrong, a field missing, unknown keys, wrong shapes, bad JSON. */
function bodyArb(valid: Record<string, unknown> | undefined): fc.Arbitrary<[string | undefined, string]> {
  const base = valid ?? {};
  const keys = Object.keys(base);
  const field = keys.length ? fc.constantFrom(...keys) : fc.constant('field');
  const textKeys = keys.filter((k) => typeof base[k] === 'string');
  const control = fc.constantFrom(
    '\u0000',
    '\u0000',
    '\u0000',
    '\u0001',
    '\b',
    '\u001b',
    '\u001f',
    '\u007f',
    '\u2028',
    '\uD800',
    '\uFFFF',
    '\u0000\u0000',
  );
  return fc.oneof(
    {
      weight: textKeys.length ? 8 : 0,
      arbitrary: fc
        .tuple(textKeys.length ? fc.constantFrom(...textKeys) : fc.constant('field'), control, fc.nat(40))
        .map(([k, c, at]) => {
          const text = String(base[k] ?? '');
          const cut = Math.min(at, text.length);
          const bad = text.slice(0, cut) + c + text.slice(cut);
          return [JSON.stringify({ ...base, [k]: bad }), `${k} with ${JSON.stringify(c)} at ${cut}`] as [
            string,
            string,
          ];
        }),
    },
    { weight: 2, arbitrary: fc.constant<[string, string]>([JSON.stringify(base), 'valid body']) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(field, nastyValue)
        .map(
          ([k, v]) =>
            [JSON.stringify({ ...base, [k]: v }), `${k} = ${JSON.stringify(v)?.slice(0, 60)}`] as [string, string],
        ),
    },
    {
      weight: 2,
      arbitrary: field.map((k) => {
        const copy = { ...base };
        delete copy[k];
        return [JSON.stringify(copy), `without ${k}`] as [string, string];
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            '__proto__',
            'constructor',
            'prototype',
            'bookingsCount',
            'rating',
            'providerId',
            'isAdmin',
            '_id',
            'id',
            'x'.repeat(300),
          ),
          nastyValue,
        )
        .map(([k, v]) => {
          const text = JSON.stringify(base).replace(
            /^\{/,
            `{${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}${keys.length ? ',' : ''}`,
          );
          return [text, `extra key ${k.slice(0, 30)}`] as [string, string];
        }),
    },
    {
      weight: 2,
      arbitrary: nastyValue.map(
        (v) => [JSON.stringify(v) ?? 'null', `body is ${JSON.stringify(v)?.slice(0, 40)}`] as [string, string],
      ),
    },
    { weight: 1, arbitrary: fc.constant<[string, string]>([JSON.stringify([base]), 'array for object']) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...BAD_JSON).map((t) => [t, `bad JSON ${t.slice(0, 20)}`] as [string, string]),
    },
    { weight: 2, arbitrary: fc.constant<[string | undefined, string]>([undefined, 'empty body']) },
  );
}

/** Operations that take multipart/form-data (the OpenAPI document names no JSON body for them). */
const MULTIPART_OPERATIONS = new Set(['POST /api/photos']);

/** A 1×1 PNG: the one file among the fuzz's that is a photo. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A file's bytes: random, random behind each format's signature (HEIC's too), a photo, half a photo. */
const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 4096 }).map((b) => [Buffer.from(b), 'random bytes'] as const),
  fc
    .tuple(
      fc.constantFrom(
        ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
        ['png', TINY_PNG.subarray(0, 8)],
        ['webp', Buffer.from('RIFF\x10\0\0\0WEBPVP8 ', 'latin1')],
        ['avif', Buffer.from('\0\0\0\x1cftypavif\0\0\0\0avifmif1', 'latin1')],
        ['heic', Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1')],
      ),
      fc.uint8Array({ maxLength: 2048 }),
    )
    .map(([[kind, head], tail]) => [Buffer.concat([head, Buffer.from(tail)]), `${kind} signature + junk`] as const),
  fc.constant([TINY_PNG, 'a 1×1 PNG'] as const),
  fc.nat({ max: TINY_PNG.length - 1 }).map((n) => [TINY_PNG.subarray(0, n), `a PNG cut at ${n}`] as const),
);

/** A multipart/form-data body, well-formed or broken in one of the ways clients break it. */
function multipartArb(): fc.Arbitrary<[Buffer, string, string]> {
  const shapes = [
    'one file',
    'no closing boundary',
    'another boundary',
    'two files',
    'a field only',
    'no filename',
    'no boundary',
  ] as const;
  return fc.tuple(fc.constantFrom(...shapes), fileBytes).map(([shape, [bytes, what]]) => {
    const boundary = 'fuzzBoundary7MA4YWxk';
    const part = (headers: string, body: Buffer) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), body, Buffer.from('\r\n')]);
    const file = (name = 'photo.jpg') =>
      part(`Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg`, bytes);
    const end = Buffer.from(`--${boundary}--\r\n`);
    const type = `multipart/form-data; boundary=${boundary}`;
    const label = `multipart, ${shape}: ${what}`;
    switch (shape) {
      case 'one file':
        return [Buffer.concat([file(), end]), type, label];
      case 'no closing boundary':
        return [file(), type, label];
      case 'another boundary':
        return [Buffer.concat([file(), end]), 'multipart/form-data; boundary=somethingElse', label];
      case 'two files':
        return [Buffer.concat([file(), file('second.png'), end]), type, label];
      case 'a field only':
        return [Buffer.concat([part('Content-Disposition: form-data; name="caption"', bytes), end]), type, label];
      case 'no filename':
        return [Buffer.concat([part('Content-Disposition: form-data; name="file"', bytes), end]), type, label];
      case 'no boundary':
        return [Buffer.concat([file(), end]), 'multipart/form-data', label];
    }
  });
}

/** Requests for one operation of the OpenAPI document: a valid request, mutated in one or more places. */
export function requestArb(
  op: Operation,
  creds: Credentials,
  resolve: (s: JsonSchema) => JsonSchema,
  known: Known,
): fc.Arbitrary<FuzzRequest> {
  const valid = op.body ? (sampleOf(op.body, resolve, known) as Record<string, unknown>) : undefined;
  const method = fc.oneof(
    { weight: 12, arbitrary: fc.constant(op.method) },
    { weight: 1, arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'PATCH', 'PUT', 'DELETE', 'POST') },
  );
  const contentType = fc.oneof(
    { weight: 10, arbitrary: fc.constant('application/json') },
    { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const extraHeaders = fc.oneof(
    { weight: 4, arbitrary: fc.constant<Record<string, string>>({}) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'idempotency-key',
            'x-forwarded-for',
            'accept',
            'if-none-match',
            'accept-encoding',
            'x-custom',
          ),
          nastyString,
        )
        .map(([k, v]) => ({ [k]: v.replace(/[^\t\x20-\x7e]/g, '?').slice(0, 8_000) })),
    },
  );
  if (MULTIPART_OPERATIONS.has(`${op.method} ${op.path}`)) {
    return fc
      .tuple(method, pathArb(op, creds), authHeaders(creds), multipartArb(), extraHeaders)
      .map(([m, [path, pathLabel], [authLabel, auth], [payload, type, bodyLabel], extra]) => {
        const headers: Record<string, string> = { ...extra, 'content-type': type };
        if (auth) headers.authorization = auth;
        const hasBody = m !== 'GET' && m !== 'HEAD';
        return {
          method: m,
          url: path,
          headers,
          payload: hasBody ? payload : undefined,
          label: [m, pathLabel, authLabel, hasBody ? bodyLabel : 'no body'].filter(Boolean).join(' | '),
        };
      });
  }
  const sendBody = op.body
    ? fc.constant(true)
    : fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });
  return fc
    .tuple(
      method,
      pathArb(op, creds),
      queryArb(op),
      authHeaders(creds),
      sendBody,
      bodyArb(valid),
      contentType,
      extraHeaders,
    )
    .map(([m, [path, pathLabel], query, [authLabel, auth], withBody, [payload, bodyLabel], type, extra]) => {
      const headers: Record<string, string> = { ...extra };
      if (auth) headers.authorization = auth;
      const hasBody = withBody && m !== 'GET' && m !== 'HEAD';
      if (hasBody && type !== undefined) headers['content-type'] = type;
      return {
        method: m,
        url: path + query,
        headers,
        payload: hasBody ? payload : undefined,
        label: [
          m,
          pathLabel,
          query.slice(0, 60),
          authLabel,
          hasBody ? `${bodyLabel} as ${type ?? 'no type'}` : 'no body',
        ]
          .filter(Boolean)
          .join(' | '),
      };
    });
}
