import { hydrate, type QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * A public page the server rendered (issue 22) arrives with the data it was rendered with, in
 * <script type="application/json" id="meramot-state"> (JSON, so the CSP's script-src allows it).
 * The browser hydrates that markup: its first render must equal the server's, so what only the
 * browser knows (the stored session, the theme) is read once hydration has begun, not before.
 */
let serverRendered = false;

/** True when the page came rendered from the server and is being (or was) hydrated. */
export const isServerRendered = () => serverRendered;

/** Fills the query cache with the server's data; false when the page was not rendered on the server. */
export function takeServerState(client: QueryClient): boolean {
  const element = document.getElementById('meramot-state');
  if (!element?.textContent) return false;
  const now = Date.now();
  const state = JSON.parse(element.textContent, (key, value: unknown) => {
    if (value && typeof value === 'object' && 'apiError' in value) {
      const { message, status } = value as { message?: unknown; status?: unknown };
      return new ApiError(String(message ?? ''), Number(status));
    }
    // The server leaves out when it read the data (so a page's ETag follows its content only): it
    // counts as read now, fresh for the query client's staleTime like any fetch.
    if (key === 'state' && value && typeof value === 'object') {
      const query = value as { status?: string; dataUpdatedAt?: number; errorUpdatedAt?: number };
      if (query.status === 'success') query.dataUpdatedAt ??= now;
      if (query.status === 'error') query.errorUpdatedAt ??= now;
    }
    return value;
  }) as Parameters<typeof hydrate>[1];
  hydrate(client, state);
  element.remove();
  serverRendered = true;
  return true;
}
