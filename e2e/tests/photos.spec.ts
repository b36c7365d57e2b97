import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bookingDialog, nextWeekday } from '../support/booking';
import { expectDialog } from '../support/dialogs';
import { BASE_URL } from '../support/env';
import { freshAccount, savePhoneViaApi } from '../support/fresh';
import { photoFile } from '../support/photos';
import { chooseServicePlace } from '../support/places';
import { servicesPage } from '../support/services-page';
import { expectAxeClean } from '../support/axe';
import { phonePage } from '../support/phone';

/**
 * Photos (issue 23): a provider lists a service with three photos chosen from files, reorders them
 * and sees the cover in the list and the gallery on the service page at 360 px; a customer sends a
 * photo of the problem with a booking request and the provider sees it; axe finds nothing serious.
 * The three files are JPEGs with a GPS position in their EXIF (e2e/fixtures): the photos served
 * carry none.
 */

interface ApiPhoto {
  id: string;
  url: string;
  width: number;
  height: number;
  variants: { url: string; width: number; format: string }[];
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = path.join(test.info().project.outputDir, 'issue23');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

async function serviceById(request: APIRequestContext, id: string) {
  const res = await request.get(`${BASE_URL}/api/services/${id}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { _id: string; serviceImage: string; photos: ApiPhoto[] };
}

test('a provider lists a service with three photos; a customer sends one with a request', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const name = `E2E Photo Phone Repair ${tag}`;
  const provider = await freshAccount(request, 'photo-provider', 'E2E Photo Provider');
  await savePhoneViaApi(request, provider, '01712345678');
  const page = await phonePage(browser, request, provider, 'en');

  // Add Service at 360 px: the fields, then three photos from files.
  await page.goto('/add-service');
  const main = page.getByRole('main');
  await main.getByLabel('Service Name').fill(name);
  await main.getByLabel('Description').fill('Cracked screens and dead batteries replaced the same day, with warranty.');
  await main.getByLabel('Price (৳)').fill('1800');
  await chooseServicePlace(main, 'Dhaka', 'Dhaka');
  // Without a photo the form says what is missing.
  const submit = main.getByRole('button', { name: 'Add Service', exact: true });
  await submit.click();
  await expect(main.getByText('Add at least one photo of your service.')).toBeVisible();

  await main
    .getByLabel('Add photos', { exact: true })
    .setInputFiles([photoFile('phone-front.jpg'), photoFile('phone-back.jpg'), photoFile('phone-screen.jpg')]);
  const chosen = main.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem');
  await expect(chosen).toHaveCount(3, { timeout: 30_000 });
  await expect(main.getByRole('img', { name: 'Photo 1, the cover' })).toBeVisible();
  await expect(main.getByText('3 of 8 photos')).toBeVisible();
  await expect(main.getByText(/Add at least one photo/)).toHaveCount(0);

  // The uploads as the API knows them, in the order chosen (the src of each thumbnail).
  const thumbnails = async () =>
    main
      .getByRole('list', { name: 'Chosen photos' })
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src));
  const before = await thumbnails();
  expect(new Set(before).size).toBe(3);

  // Reorder by the keyboard buttons: the third photo becomes the cover.
  await main.getByRole('button', { name: 'Move photo 3 earlier' }).click();
  await main.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await expect(page.getByText('Photo moved to position 1 of 3: it is the cover now.')).toBeAttached();
  const after = await thumbnails();
  expect(after).toEqual([before[2], before[0], before[1]]);
  await shot(page, 'add-service-photos-360');
  await expectAxeClean(page, 'the Add Service form with three photos');

  await submit.click();
  await expectDialog(page, 'Service Added');
  await expect(page).toHaveURL(/\/manage-services$/);

  // The API: three photos in the chosen order, the cover is the service's image, no metadata kept.
  const mine = (await (
    await request.get(`${BASE_URL}/api/services/provider/${encodeURIComponent(provider.email)}`, {
      headers: { authorization: `Bearer ${provider.token}` },
    })
  ).json()) as { _id: string; serviceName: string }[];
  const id = mine.find((s) => s.serviceName === name)!._id;
  const service = await serviceById(request, id);
  expect(service.photos).toHaveLength(3);
  expect(service.serviceImage).toBe(service.photos[0]!.url);
  const pathOf = (src: string) => new URL(src, BASE_URL).pathname;
  expect(
    service.photos.map((p) => p.variants.some((v) => pathOf(after[0]!) === v.url) || pathOf(after[0]!) === p.url),
  ).toEqual([true, false, false]);
  const coverFile = await request.get(`${BASE_URL}${service.photos[0]!.url}`);
  expect(coverFile.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const bytes = await coverFile.body();
  expect(bytes.includes(Buffer.from('E2EPhone')), 'the camera name (EXIF) is gone').toBe(false);
  expect(bytes.includes(Buffer.from('GPS')), 'no GPS block').toBe(false);

  // The list shows the cover.
  await page.goto(`/services?search=${encodeURIComponent(name)}`);
  const card = servicesPage(page).cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card).toHaveCount(1);
  const cardImage = card.getByRole('img').first();
  await expect(cardImage).toHaveAttribute('src', new RegExp(`${service.photos[0]!.url}$`));
  await expect(cardImage).toHaveAttribute('width', /\d+/);
  await expect(cardImage).toHaveAttribute('height', /\d+/);

  // The service page: a gallery of three, the cover first; next and previous, and the arrow keys.
  await card.getByRole('link', { name: /View Details/i }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${id}/`));
  const gallery = page.getByRole('region', { name: 'Photos' });
  await expect(gallery).toBeVisible();
  await expect(gallery.getByText('Photo 1 of 3')).toBeAttached();
  const slides = gallery.getByRole('group', { name: /^Photo \d of 3$/ });
  await expect(slides).toHaveCount(3);
  await expect(gallery.getByRole('group', { name: 'All photos' }).getByRole('button')).toHaveCount(3);
  await gallery.getByRole('button', { name: 'Next photo' }).click();
  await expect(gallery.getByText('Photo 2 of 3').first()).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(gallery.getByText('Photo 3 of 3').first()).toBeAttached();
  await gallery.getByRole('button', { name: 'Previous photo' }).click();
  await expect(gallery.getByText('Photo 2 of 3').first()).toBeAttached();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'the page fits 360 px').toBeLessThanOrEqual(360);
  await shot(page, 'service-gallery-360');
  await expectAxeClean(page, 'the service page with its gallery');

  // A customer books with a photo of the problem.
  const customer = await freshAccount(request, 'photo-customer', 'E2E Photo Customer');
  await savePhoneViaApi(request, customer, '01812345678');
  const cust = await phonePage(browser, request, customer, 'en');
  await cust.goto(`/services/${id}`);
  await cust.getByRole('main').getByRole('button', { name: 'Book Now' }).first().click();
  const d = bookingDialog(cust);
  await expect(d.modal).toBeVisible();
  await d.date.fill(nextWeekday(3));
  await d.window('evening').check();
  await d.modal.getByLabel('Add photos', { exact: true }).setInputFiles(photoFile('phone-screen.jpg'));
  await expect(d.modal.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1, {
    timeout: 30_000,
  });
  await shot(cust, 'booking-with-photo-360');
  await expectAxeClean(cust, 'the booking dialog with a photo');
  // The upload has finished (no progress bar left) before the request is confirmed.
  await expect(d.modal.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  const posted = cust.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/bookings' && r.request().method() === 'POST',
    { timeout: 30_000 },
  );
  await d.confirm.click();
  const answer = await posted;
  expect(answer.status()).toBe(201);
  expect(((await answer.json()) as { photos: ApiPhoto[] }).photos).toHaveLength(1);
  await expectDialog(cust, 'Booking Successful!');

  // The provider sees it on the request.
  await page.goto('/service-todo');
  const request1 = page.getByRole('main').locator('article').filter({ hasText: name });
  await expect(request1).toHaveCount(1);
  const thumb = request1
    .getByRole('list', { name: 'Photos of the problem' })
    .getByRole('button', { name: 'Open photo 1 of 1' });
  await expect(thumb).toBeVisible();
  const loaded = (img: import('@playwright/test').Locator) =>
    img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);
  await expect.poll(() => loaded(thumb.locator('img'))).toBe(true);
  await shot(page, 'provider-sees-photo-360');
  // It opens larger, in a dialog of its own.
  await thumb.click();
  const viewer = page.getByRole('dialog').filter({ has: page.getByRole('img', { name: /photo of the problem/i }) });
  await expect(viewer).toBeVisible();
  await expect.poll(() => loaded(viewer.getByRole('img', { name: /photo of the problem/i }).first())).toBe(true);
  await shot(page, 'provider-photo-viewer-360');
  await expectAxeClean(page, 'the photo viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await cust.context().close();
  await page.context().close();
});
