import { getLanguage } from './i18n';
/** What went wrong with an API call, by the answer's status (network: no answer at all). */
export type ApiErrorKind =
  'network' | 'auth' | 'forbidden' | 'not-found' | 'validation' | 'conflict' | 'rate-limit' | 'server';

/** A failed API call: its status (0 without an answer), its kind, and the server's sentence as message. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kindOf(status);
  }
}

export function kindOf(status: number): ApiErrorKind {
  if (status === 0) return 'network';
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limit';
  if (status >= 400 && status < 500) return 'validation';
  return 'server';
}

/** The kind of any error a call may throw (an error that is not an ApiError counts as 'server'). */
export const errorKind = (error: unknown): ApiErrorKind => (error instanceof ApiError ? error.kind : 'server');

interface SessionHooks {
  /** The current token of the auth state, or null. */
  getToken(): string | null;
  /** A 401 on a call with the token: refresh the session once (the new token), or sign out (null). */
  refresh(): Promise<string | null>;
}

let session: SessionHooks = { getToken: () => null, refresh: async () => null };
let refreshing: Promise<string | null> | null = null;

/** The auth state registers where the token lives and how a 401 is answered. */
export function registerSession(hooks: SessionHooks): () => void {
  session = hooks;
  return () => {
    if (session === hooks) session = { getToken: () => null, refresh: async () => null };
  };
}

/**
 * For this long after one of its own writes, a signed-in tab sends its token on every call, public
 * reads included. The server answers a call with a token from the primary database, never from the
 * read replica nor the visitors' micro-cache, so the person sees their own change at once
 * (read-your-writes) however far a replica lags; otherwise public reads go without the token.
 */
export const READ_YOUR_WRITES_MS = 30_000;
let lastWriteAt = -Infinity;

interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the session's token (calls marked auth). 'no-refresh': a 401 is final (the session calls themselves). */
  auth?: boolean | 'no-refresh';
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function send(path: string, options: ApiOptions, token: string | null): Promise<Response> {
  // The server answers its error sentences in the language in use.
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': getLanguage(),
    ...options.headers,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`/api${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  }).catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(error instanceof Error ? error.message : String(error), 0);
  });
}

/** The session's current token (the live stream sends it; lib/live-events.ts). */
export const sessionToken = (): string | null => session.getToken();

/** After a 401: one refresh of the session shared by every caller; null when signed out. */
export function refreshSession(): Promise<string | null> {
  refreshing ??= session.refresh().finally(() => (refreshing = null));
  return refreshing;
}

/**
 * Calls the Meramot API under /api and answers the JSON body. A failure throws an ApiError with the
 * server's `error` sentence. A 401 on a call with the token is handled here, once for the app: the
 * session is refreshed (one refresh shared by concurrent calls) and the call retried; when that
 * fails the auth state signs out and the 401 is thrown.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return (await apiResponse<T>(path, options)).body;
}

/**
 * A paged list whose total travels in the X-Total-Count header: the items, and the total (null
 * when the answer does not say it).
 */
export async function apiPage<T>(
  path: string,
  options: ApiOptions = {},
): Promise<{ items: T[]; total: number | null }> {
  const { body, headers } = await apiResponse<T[]>(path, options);
  const header = headers.get('x-total-count');
  const total = header === null || header.trim() === '' ? NaN : Number(header);
  return { items: Array.isArray(body) ? body : [], total: Number.isInteger(total) && total >= 0 ? total : null };
}

/** As `api`, with the answer's headers beside its body. */
async function apiResponse<T>(path: string, options: ApiOptions): Promise<{ body: T; headers: Headers }> {
  const token = options.auth || Date.now() - lastWriteAt < READ_YOUR_WRITES_MS ? session.getToken() : null;
  let res = await send(path, options, token);
  if (res.ok && token && (options.method ?? 'GET') !== 'GET') lastWriteAt = Date.now();
  if (res.status === 401 && token && options.auth === true) {
    const fresh = await refreshSession();
    if (fresh) res = await send(path, options, fresh);
  }
  let body: unknown = null;
  if (res.status !== 204) body = await res.json().catch(() => null);
  if (!res.ok) {
    const message = (body as { error?: unknown } | null)?.error;
    throw new ApiError(typeof message === 'string' ? message : `HTTP ${res.status}`, res.status);
  }
  return { body: body as T, headers: res.headers };
}
