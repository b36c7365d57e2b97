import { hydrate, type QueryClient } from '@tanstack/react-query';
import { useEffect, type RefObject } from 'react';
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
  rememberChoices();
  serverRendered = true;
  return true;
}

/**
 * Hydrating a <select> sets its options from React's props, so a choice made before the app took
 * over is lost by the time any effect runs: each dropdown's choice is noted before hydration, and
 * every change after that.
 * (Text boxes keep what was typed; hydration leaves their value alone.)
 */
const choicesBefore = new WeakMap<Element, string>();
/** Each dropdown's value as the server rendered it (its option marked `selected`). */
const renderedValues = new WeakMap<Element, string>();
function rememberChoices() {
  for (const select of document.querySelectorAll('select')) {
    choicesBefore.set(select, select.value);
    const rendered = [...select.options].find((option) => option.defaultSelected) ?? select.options[0];
    if (rendered) renderedValues.set(select, rendered.value);
  }
  // Hydration goes in slices and waits for each route's code: a choice made meanwhile is noted as
  // it is made (capture phase, before anything else sees the event), not lost to the reset.
  document.addEventListener(
    'change',
    (event) => {
      if (event.target instanceof HTMLSelectElement) choicesBefore.set(event.target, event.target.value);
    },
    true,
  );
}

/** The value a form control held when the app took over (a dropdown's as noted before hydration). */
export const valueLeft = (control: HTMLInputElement | HTMLSelectElement): string =>
  choicesBefore.get(control) ?? control.value;

/**
 * The value a visitor chose in a server-rendered dropdown before the app took over, or undefined
 * when they chose nothing there: what it held then against what the server rendered in it. (Not a
 * comparison with the app's state: the app may render another value than the server did, say a
 * stored language on a page whose address names none, and that is no choice of the visitor's.)
 */
export const choiceLeft = (select: HTMLSelectElement): string | undefined => {
  const left = valueLeft(select);
  return renderedValues.has(select) && left !== renderedValues.get(select) ? left : undefined;
};

/**
 * What a visitor typed or chose in a form of a server-rendered page before the app took over is in
 * the controls (read with `valueLeft`), not in React's state, and no handler saw it. Once, right
 * after hydration, `takeUp` receives the element (a control, or a form to read several at once),
 * so the state or the URL can follow what the visitor left there. (An effect, not a layout effect:
 * React Router ignores a navigation asked for before its own layout effects have run.)
 */
export function useLeftBeforeHydration<T extends Element>(ref: RefObject<T | null>, takeUp: (element: T) => void) {
  useEffect(() => {
    if (ref.current && isServerRendered()) takeUp(ref.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only what the first render's element holds
  }, []);
}
