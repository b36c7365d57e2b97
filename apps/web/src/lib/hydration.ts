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
  const state = JSON.parse(element.textContent, (_key, value: unknown) =>
    value && typeof value === 'object' && 'apiError' in value
      ? new ApiError(
          String((value as { message?: unknown }).message ?? ''),
          Number((value as { status?: unknown }).status),
        )
      : value,
  ) as Parameters<typeof hydrate>[1];
  hydrate(client, state);
  element.remove();
  serverRendered = true;
  return true;
}
