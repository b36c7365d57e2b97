import { expect, test, type APIRequestContext } from '@playwright/test';
import { listServices } from '../support/api';
import { header } from '../support/header';
import { hydrated } from '../support/hydrated';
import { cardName, servicesPage } from '../support/services-page';

/**
 * "N of M services found": N is the search's matches; M is every active service, which journeys
 * running alongside add to and delete from, so it must be the total the API answered just before
 * or just after the page showed it.
 */
async function expectCount(
  list: ReturnType<typeof servicesPage>,
  request: APIRequestContext,
  matches: number,
  allBefore: number,
): Promise<void> {
  await expect(list.count).toHaveText(new RegExp(`^${matches} of [\\d,]+ services? found`));
  const shown = Number(/ of ([\d,]+) /.exec(await list.count.innerText())![1]!.replace(/,/g, ''));
  const allAfter = (await listServices(request)).total;
  expect([allBefore, allAfter], `the total shown, ${shown}, is the API's`).toContain(shown);
}

/** The services page of a search: its cards in the server's best-match order, Best Match selected. */
test.describe('search on the demo data', () => {
  test('"laptop dhaka" finds laptop services in Dhaka, best match first, with Best Match selected', async ({
    page,
    request,
  }) => {
    const expected = await listServices(request, { search: 'laptop dhaka' });
    const all = (await listServices(request)).total;
    expect(expected.total).toBeGreaterThan(0);
    await page.goto('/services');
    await hydrated(page);
    const list = servicesPage(page);
    await list.search.fill('laptop dhaka');
    await list.search.press('Enter');
    await expect(page).toHaveURL(/\/services\?search=laptop(\+|%20)dhaka$/);
    await expectCount(list, request, expected.total, all);
    await expect(list.sort).toHaveValue('');
    await expect(list.sort.locator('option:checked')).toHaveText('Best Match');
    await expect(list.cards).toHaveCount(Math.min(expected.total, 20));
    // The best match leads: a laptop service in Dhaka.
    const first = (await list.cards.first().innerText()).toLowerCase();
    expect(first).toContain('laptop');
    expect(first).toContain('dhaka');
    const names = await Promise.all((await list.cards.all()).map(cardName));
    expect(names).toEqual(expected.services.map((s) => s.serviceName));
  });

  test('the other sorts still order the matches, and Best Match is offered only with a search', async ({
    page,
    request,
  }) => {
    await page.goto('/services?search=phone');
    const list = servicesPage(page);
    await expect(list.count).toBeVisible();
    await list.sort.selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL(/\/services\?search=phone&sort=price-low$/);
    const low = await listServices(request, { search: 'phone', sort: 'price-low' });
    await expect(list.cards.first()).toContainText(low.services[0]!.serviceName);

    await list.clearAll.click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(list.sort.locator('option', { hasText: 'Best Match' })).toHaveCount(0);
    await expect(list.sort.locator('option:checked')).toHaveText('Newest First');
  });

  test('"labtop" shows "Showing results for laptop" and counts the corrected matches', async ({ page, request }) => {
    const answer = await listServices(request, { search: 'labtop' });
    expect(answer.query?.corrected).toBe('laptop');
    const all = (await listServices(request)).total;
    await page.goto('/services?search=labtop');
    const list = servicesPage(page);
    const line = list.main.getByText('Showing results for laptop');
    await expect(line).toBeVisible();
    await expect(line.locator('em')).toHaveText('laptop');
    await expectCount(list, request, answer.total, all);
    await expect(list.cards.first()).toContainText(/laptop/i);
  });

  test('the header dropdown for "fridge" shows a Refrigerator service with "Refrigerator" highlighted', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    const h = header(page);
    await h.search.fill('fridge');
    const option = h.banner.getByRole('option').filter({ hasText: 'Refrigerator' }).first();
    await expect(option).toBeVisible();
    await expect(option.locator('mark', { hasText: /^Refrigerator$/ }).first()).toBeVisible();
  });

  test('"মোবাইল" finds mobile services, in the header dropdown and on the page', async ({ page, request }) => {
    const expected = await listServices(request, { search: 'মোবাইল' });
    expect(expected.total).toBeGreaterThan(0);
    await page.goto('/');
    await hydrated(page);
    const h = header(page);
    await h.search.fill('মোবাইল');
    const first = h.banner.getByRole('option').first();
    await expect(first).toContainText(expected.services[0]!.serviceName);
    await expect(first.locator('mark').first()).toHaveText(/^(mobile|phone|smartphone|মোবাইল)/i);

    await h.search.press('Enter');
    await expect(page).toHaveURL(/\/services\?search=/);
    const list = servicesPage(page);
    await expect(list.count).toContainText(`${expected.total} of `);
    await expect(list.cards.first()).toContainText(/mobile|phone/i);
  });
});
