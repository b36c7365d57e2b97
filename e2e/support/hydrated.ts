import { expect, type Page } from '@playwright/test';

/**
 * The browser's runtime (Preact, apps/web/build/preact-alias.ts) has claimed the page's h1: the
 * server-rendered page's chunk has hydrated. Typing into a form before that submits it as a plain
 * GET form (which works, with every field in the address), so journeys that drive the app wait
 * for it first.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(ownsPageHeading), { timeout: 15_000 }).toBe(true);
}

/**
 * Whether the app's virtual tree holds the h1 of `#root main`. Preact keeps its tree on the
 * container (`__k`, its children) and each node's element in `__e`: the h1 is claimed once a
 * node of that tree is that very element (runs in the page).
 */
export function ownsPageHeading(): boolean {
  type Node = { __k?: (Node | null)[] | Node | null; __e?: unknown };
  const h1 = document.querySelector('#root main h1');
  const root = document.getElementById('root') as unknown as Node | null;
  if (!h1 || !root?.__k) return false;
  const stack: (Node | null | undefined)[] = [root.__k as Node];
  while (stack.length) {
    const node = stack.pop();
    if (!node) continue;
    if (node.__e === h1) return true;
    const children = node.__k;
    if (Array.isArray(children)) stack.push(...children);
    else if (children) stack.push(children);
  }
  return false;
}
