import type { Locator, Page } from '@playwright/test';

/** The /services screen (spec section 2, All services). */
export function servicesPage(page: Page) {
  const main = page.getByRole('main');
  const cards = main.locator('article').filter({ has: page.getByRole('link', { name: /View Details/i }) });
  return {
    main,
    cards,
    search: main
      .getByRole('searchbox')
      .or(main.getByPlaceholder(/search/i))
      .first(),
    searchButton: main.getByRole('button', { name: 'Search', exact: true }),
    area: main.getByLabel(/area/i).first(),
    sort: main.getByLabel(/sort/i).first(),
    clearAll: main.getByRole('link', { name: 'Clear All', exact: true }),
    count: main.getByText(/\d+ of \d+ services? found/),
  };
}

/** The taka amount on a card ('৳1,200' → 1200). */
export async function cardPrice(card: Locator): Promise<number> {
  const text = (await card.innerText()).replace(/\s+/g, ' ');
  const match = /৳\s?([\d,]+(?:\.\d+)?)/.exec(text);
  if (!match) throw new Error(`No ৳ price on the card: ${text}`);
  return Number(match[1]!.replace(/,/g, ''));
}

/** The service name on a card (its heading). */
export async function cardName(card: Locator): Promise<string> {
  return (await card.getByRole('heading').first().innerText()).trim();
}
