import { expect, type Page } from '@playwright/test';

/**
 * React has claimed the page's h1 (its fiber is on the node): the server-rendered page's chunk has
 * hydrated. Typing into a form before that submits it as a plain GET form (which works, with every
 * field in the address), so journeys that drive the app wait for it first.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const node = document.querySelector('#root main h1');
          return !!node && Object.keys(node).some((k) => k.startsWith('__reactFiber$'));
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
}
