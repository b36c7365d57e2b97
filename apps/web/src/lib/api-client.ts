import { readStorage, storageKeys } from './storage';

/** A failed API call, with the message spec section 8 prescribes. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const AUTH_REQUIRED = 'Authentication required';

interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the stored token (calls marked auth). */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Calls the Meramot API under /api. 401 gives "Authentication required"; another failure the
 * server's error field, else "HTTP {status}", else "Network error" when the body is unreadable.
 * A server that cannot be reached rejects with the browser's "Failed to fetch".
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth) {
    const token = readStorage(storageKeys.token);
    if (token) headers.authorization = `Bearer ${token}`;
  }
  const res = await fetch(`/api${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (res.status === 401) throw new ApiError(AUTH_REQUIRED, 401);
  let body: unknown;
  try {
    body = res.status === 204 ? null : await res.json();
  } catch {
    if (!res.ok) throw new ApiError('Network error', res.status);
    body = null;
  }
  if (!res.ok) {
    const message = (body as { error?: unknown } | null)?.error;
    throw new ApiError(typeof message === 'string' ? message : `HTTP ${res.status}`, res.status);
  }
  return body as T;
}
