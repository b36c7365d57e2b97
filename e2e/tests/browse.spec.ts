import { expect, test } from '@playwright/test';
import { servicePath } from '../../packages/shared/src/public-paths';
import { listServices } from '../support/api';
import { BASE_URL } from '../support/env';
import { header } from '../support/header';
import { cardName, cardPrice, servicesPage } from '../support/services-page';

test.describe('visitor on the home page', () => {
  test('home shows its sections, the category tiles and the first 6 services as Newest Services', async ({
    page,
    request,
  }) => {
    const firstSix = (await listServices(request, { limit: 6 })).services;
    expect(firstSix).toHaveLength(6);
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(page).toHaveTitle(/ \| Meramot$/);

    // Hero: logged out, the call to action is 'Join as Provider'.
    await expect(main.getByRole('link', { name: 'Join as Provider' }).first()).toBeVisible();
    await expect(main.getByRole('link', { name: 'Add Your Service' })).toHaveCount(0);

    // Category tiles link to /services?search={first word of the category name}.
    for (const [name, word] of [
      ['Smartphone Repair', 'Smartphone'],
      ['Laptop Repair', 'Laptop'],
      ['TV Repair', 'TV'],
      ['AC Repair', 'AC'],
    ] as const) {
      await expect(main.locator(`a[href="/services?search=${word}"]`).first()).toContainText(name);
    }

    await expect(main.getByRole('heading', { name: /^Trusted by [\d,]+ Customers?$/ })).toBeVisible();

    // Newest Services: the first 6 services, each linking to its readable detail address.
    const popular = main
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Newest Services' }) })
      .last();
    await popular.scrollIntoViewIfNeeded();
    for (const service of firstSix) {
      const link = popular.locator(`a[href="${servicePath(service)}"]`).first();
      await expect(link).toBeAttached();
      await expect(popular).toContainText(service.serviceName);
    }
    await expect(popular).toContainText('৳');

    // The detail page is public: a visitor following a card reads it; Book Now asks them to log in.
    await popular
      .locator(`a[href="${servicePath(firstSix[0]!)}"]`)
      .first()
      .click();
    await expect(page).toHaveURL(`${BASE_URL}${servicePath(firstSix[0]!)}`);
    await expect(main.getByRole('heading', { level: 1, name: firstSix[0]!.serviceName, exact: true })).toBeVisible();
    await main.getByRole('link', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(/\/login\?from=%2Fservices%2F/);
  });
});

test.describe('header search', () => {
  test("typing 'phone' lists matches with the text highlighted; See all results opens /services?search=phone", async ({
    page,
    request,
  }) => {
    // The dropdown's own call: the 8 best matches and the terms that matched (synonyms included).
    const answer = await listServices(request, { search: 'phone', limit: 8 });
    const expected = answer.services;
    expect(expected.length).toBeGreaterThan(0);
    await page.goto('/');
    const h = header(page);
    await h.search.fill('phone');

    await expect(h.banner.getByText(new RegExp(`${expected.length} results? for .?phone`, 'i'))).toBeVisible();
    const results = h.banner.locator('a[href^="/services/"]');
    await expect(results).toHaveCount(expected.length);
    for (const service of expected) {
      await expect(h.banner.locator(`a[href="${servicePath(service)}"]`)).toContainText(service.serviceName);
    }
    await expect(results.first()).toContainText('৳');
    // Matched words are highlighted: the typed word or the server's synonyms of it (mobile...).
    const marks = h.banner.locator('mark');
    expect(await marks.count()).toBeGreaterThan(0);
    const terms = answer.query!.terms.map((t) => t.toLowerCase());
    expect(terms).toContain('phone');
    expect(terms).toContain((await marks.first().innerText()).toLowerCase());
    await expect(h.banner.locator('mark', { hasText: /^phone$/i }).first()).toBeVisible();
    await expect(h.banner.getByText('Press Enter to search all services')).toBeVisible();
    await expect(h.banner.getByRole('link', { name: 'View all results' })).toBeVisible();

    await h.banner.getByRole('link', { name: 'See all results' }).click();
    await expect(page).toHaveURL(/\/services\?search=phone$/);
    const total = (await listServices(request, { search: 'phone' })).total;
    const all = (await listServices(request)).total;
    await expect(servicesPage(page).count).toContainText(`${total} of ${all} services found`);
  });

  test('Enter in the header search opens /services?search=...', async ({ page, request }) => {
    await page.goto('/');
    const h = header(page);
    await h.search.fill('laptop');
    await h.search.press('Enter');
    await expect(page).toHaveURL(/\/services\?search=laptop$/);
    const total = (await listServices(request, { search: 'laptop' })).total;
    await expect(servicesPage(page).count).toContainText(new RegExp(`^${total} of \\d+ services found`));
  });

  test('no match shows the empty state with Browse All Services; the clear button empties the box', async ({
    page,
  }) => {
    await page.goto('/');
    const h = header(page);
    await h.search.fill('zzqxj-nothing');
    await expect(h.banner.getByText('No services found')).toBeVisible();
    await expect(h.banner.getByText('Try searching with different keywords or browse all services')).toBeVisible();
    await h.banner.getByRole('button', { name: /clear/i }).filter({ visible: true }).first().click();
    await expect(h.search).toHaveValue('');

    await h.search.fill('zzqxj-nothing');
    await h.banner
      .getByRole('button', { name: 'Browse All Services' })
      .or(h.banner.getByRole('link', { name: 'Browse All Services' }))
      .click();
    await expect(page).toHaveURL(/\/services$/);
  });
});

test.describe('all services (/services)', () => {
  test('shows the title, the count and the first page of cards, and pages through the rest', async ({
    page,
    request,
  }) => {
    const first = await listServices(request, { sort: 'newest' });
    await page.goto('/services');
    const list = servicesPage(page);
    await expect(page).toHaveTitle('All Services | Meramot');
    await expect(list.count).toContainText(`${first.total} of ${first.total} services found`);
    await expect(list.cards).toHaveCount(Math.min(first.total, first.limit));
    const card = list.cards.first();
    await expect(card.getByRole('link', { name: /View Details/i })).toHaveAttribute(
      'href',
      servicePath(first.services[0]!),
    );
    await expect(card).toContainText('৳');

    // The demo data fills more than one page: page controls lead to the next page.
    expect(first.total).toBeGreaterThan(first.limit);
    const pages = Math.ceil(first.total / first.limit);
    const pager = page.getByRole('navigation', { name: /pages/i });
    await expect(pager).toContainText(`Page 1 of ${pages}`);
    await pager.getByRole('link', { name: /^Next/ }).click();
    await expect(page).toHaveURL(/[?&]page=2$/);
    const second = await listServices(request, { sort: 'newest', page: 2 });
    await expect(pager).toContainText(`Page 2 of ${pages}`);
    await expect(list.cards.first()).toContainText(second.services[0]!.serviceName);
    await expect(list.cards).toHaveCount(second.services.length);
    await expect(list.count).toContainText(`${first.total} of ${first.total} services found`);
    await pager.getByRole('link', { name: /^Previous/ }).click();
    await expect(pager).toContainText(`Page 1 of ${pages}`);
    await expect(list.cards.first()).toContainText(first.services[0]!.serviceName);
  });

  test('search from the list box filters by the text (Enter and the Search button)', async ({ page, request }) => {
    const all = (await listServices(request)).total;
    const laptop = (await listServices(request, { search: 'laptop' })).total;
    const sylhet = (await listServices(request, { search: 'sylhet' })).total;
    await page.goto('/services');
    const list = servicesPage(page);
    await list.search.fill('laptop');
    await list.search.press('Enter');
    await expect(list.count).toContainText(`${laptop} of ${all} services found`);
    await expect(list.cards).toHaveCount(Math.min(laptop, 20));
    // A Bangla listing matches too: the search vocabulary knows ল্যাপটপ is a laptop.
    for (const text of await list.cards.allInnerTexts()) expect(text.toLowerCase()).toMatch(/laptop|ল্যাপটপ/);

    // Search matches the area too (name, description, provider name or area).
    await list.search.fill('sylhet');
    await list.searchButton.click();
    await expect(list.count).toContainText(`${sylhet} of ${all} services found`);
  });

  test('the area filter shows only that area', async ({ page, request }) => {
    const all = (await listServices(request)).total;
    const sylhet = await listServices(request, { area: 'Sylhet' });
    await page.goto('/services');
    const list = servicesPage(page);
    await expect(list.count).toContainText(`${all} of ${all}`);
    await list.area.selectOption({ value: 'Sylhet' });
    await expect(list.count).toContainText(`${sylhet.total} of ${all} services found`);
    // ...with its share of all services.
    await expect(list.main.getByText(/^\d+% of all services$/)).toHaveText(
      `${Math.round((sylhet.total / all) * 100)}% of all services`,
    );
    await expect(list.cards).toHaveCount(sylhet.total);
    for (const text of await list.cards.allInnerTexts()) expect(text).toContain('Sylhet');
  });

  test('each sort orders the cards', async ({ page, request }) => {
    await page.goto('/services');
    const list = servicesPage(page);
    await expect(list.cards.first()).toBeVisible();

    // The list keeps the previous page on screen while the next loads: poll until the cards settle.
    const prices = async () => Promise.all((await list.cards.all()).map(cardPrice));
    const names = async () => Promise.all((await list.cards.all()).map(cardName));

    await list.sort.selectOption({ label: 'Price: Low to High' });
    const expectedLow = (await listServices(request, { sort: 'price-low' })).services;
    await expect.poll(prices).toEqual(expectedLow.map((s) => s.servicePrice));
    const low = await prices();
    expect(low).toEqual([...low].sort((a, b) => a - b));

    await list.sort.selectOption({ label: 'Price: High to Low' });
    const expectedHigh = (await listServices(request, { sort: 'price-high' })).services;
    await expect.poll(prices).toEqual(expectedHigh.map((s) => s.servicePrice));
    const high = await prices();
    expect(high).toEqual([...high].sort((a, b) => b - a));

    await list.sort.selectOption({ label: 'Name A-Z' });
    const expectedName = (await listServices(request, { sort: 'name' })).services;
    await expect.poll(names).toEqual(expectedName.map((s) => s.serviceName));

    await list.sort.selectOption({ label: 'Provider Name' });
    const expectedProvider = (await listServices(request, { sort: 'provider' })).services;
    await expect
      .poll(async () =>
        (await list.cards.allInnerTexts()).every((text, i) => text.includes(expectedProvider[i]!.providerName)),
      )
      .toBe(true);
  });

  test('Clear All resets the search, the area and the sort', async ({ page, request }) => {
    const all = (await listServices(request)).total;
    await page.goto('/services?search=phone');
    const list = servicesPage(page);
    await expect(list.search).toHaveValue('phone');
    await list.area.selectOption({ value: 'Dhaka' });
    await list.sort.selectOption({ label: 'Price: High to Low' });
    await expect(list.count).not.toContainText(`${all} of ${all}`);
    await list.clearAll.click();
    await expect(list.count).toContainText(`${all} of ${all} services found`);
    await expect(list.search).toHaveValue('');
    await expect(page).toHaveURL(/\/services$/);
  });
});
