import { expect, test, type Page } from '@playwright/test';
import { loginViaApi } from '../support/auth';
import { bookingDialog } from '../support/booking';
import { dialog, expectDialog } from '../support/dialogs';
import { BASE_URL } from '../support/env';
import { freshAccount } from '../support/fresh';
import { photoFile } from '../support/photos';
import { chooseServicePlace } from '../support/places';

const EVIL = '<img src=x onerror=alert(1)>';

/** Records (and dismisses) any alert/confirm/prompt the page opens. */
function watchForInjection(page: Page, fired: string[]): void {
  page.on('dialog', (d) => {
    fired.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
}

async function expectNoInjectedImage(page: Page): Promise<void> {
  expect(await page.locator('img[src="x"]').count(), 'an <img src="x"> made from the service name').toBe(0);
}

test('a service named like HTML is shown as plain text everywhere and runs nothing', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const fired: string[] = [];
  watchForInjection(page, fired);
  const provider = await freshAccount(request, 'xssprov', 'E2E XSS Provider');
  const customer = await freshAccount(request, 'xsscust', 'E2E XSS Customer');

  // The provider adds the service through the form.
  await loginViaApi(page, request, provider.email, provider.password);
  await page.goto('/add-service');
  const main = page.getByRole('main');
  await main.getByLabel('Service Name').fill(EVIL);
  await main.getByLabel('Description').fill(`Description ${EVIL} with the same markup inside.`);
  await main.getByLabel('Price (৳)').fill('700');
  await chooseServicePlace(main, 'Dhaka', 'Dhaka');
  await main.getByLabel('Add photos', { exact: true }).setInputFiles(photoFile('phone-back.jpg'));
  await expect(main.getByRole('img', { name: 'Photo 1, the cover' })).toBeVisible({ timeout: 30_000 });
  await main.getByRole('button', { name: 'Add Service', exact: true }).click();
  await expectDialog(page, 'Service Added');
  await expect(page).toHaveURL(/\/manage-services$/);
  await expect(page.locator('.swal2-container')).toHaveCount(0, { timeout: 10_000 });

  // Manage Services: the card's heading, and the delete confirmation, hold the literal text.
  const card = main.locator('article').filter({ has: page.getByRole('heading', { name: EVIL, exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: EVIL, exact: true })).toHaveText(EVIL);
  await expectNoInjectedImage(page);
  await card.getByRole('button', { name: `Delete ${EVIL}` }).click();
  await expect(dialog(page).text).toContainText(EVIL);
  expect(await dialog(page).popup.locator('img[src="x"]').count()).toBe(0);
  await dialog(page).popup.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.swal2-container')).toHaveCount(0);
  await expect(card).toHaveCount(1);

  // The public list.
  await page.goto('/services?search=onerror');
  const listed = main.locator('article').filter({ has: page.getByRole('heading', { name: EVIL, exact: true }) });
  await expect(listed).toHaveCount(1);
  await expectNoInjectedImage(page);
  const id = /\/services\/([^/?#]+)/.exec(
    (await listed
      .getByRole('link', { name: /View Details/i })
      .first()
      .getAttribute('href')) ?? '',
  )?.[1];
  expect(id, 'the card links to its service page').toBeTruthy();

  // The customer: the service page and the booking dialog.
  const context = await browser.newContext({ baseURL: BASE_URL, timezoneId: 'Asia/Dhaka', locale: 'en-US' });
  const cpage = await context.newPage();
  watchForInjection(cpage, fired);
  await loginViaApi(cpage, request, customer.email, customer.password);
  await cpage.goto(`/services/${id}`);
  const cmain = cpage.getByRole('main');
  await expect(cmain.getByRole('heading', { name: EVIL, exact: true }).first()).toHaveText(EVIL);
  await expect(cmain).toContainText(`Description ${EVIL}`);
  await expectNoInjectedImage(cpage);
  await cmain.getByRole('button', { name: 'Book Now', exact: true }).click();
  const booking = bookingDialog(cpage);
  // The dialog's summary holds the literal name (as text, not markup).
  await expect(booking.summary).toContainText(EVIL);
  await expectNoInjectedImage(cpage);
  await booking.window('morning').check();
  await booking.confirm.click();
  await expectDialog(cpage, 'Booking Successful!', undefined, 15_000);
  await expect(cpage).toHaveURL(/\/booked-services$/, { timeout: 10_000 });
  await expect(cmain.getByRole('article', { name: EVIL, exact: true })).toBeVisible();
  await expectNoInjectedImage(cpage);

  // The provider's requests list; a decline reason written like HTML is text too, on both sides.
  await page.goto('/service-todo');
  await expect(main.getByRole('heading', { name: EVIL, exact: true })).toHaveText(EVIL);
  await expectNoInjectedImage(page);
  const reason = `Sorry ${EVIL}`;
  const request_ = main.getByRole('article', { name: EVIL, exact: true });
  await request_.getByRole('button', { name: 'Decline', exact: true }).click();
  await request_.getByLabel('Why do you decline? The customer will read this.').fill(reason);
  await request_.getByRole('button', { name: 'Decline Booking', exact: true }).click();
  await expectDialog(page, 'Booking Declined');
  await main.getByRole('tab', { name: /^Cancelled, declined, expired/ }).click();
  await expect(request_).toContainText(reason);
  await expectNoInjectedImage(page);
  await cpage.reload();
  await cmain.getByRole('tab', { name: /^Cancelled, declined, expired/ }).click();
  await expect(cmain.getByRole('article', { name: EVIL, exact: true })).toContainText(reason);
  await expectNoInjectedImage(cpage);
  await context.close();

  expect(fired, 'no alert/confirm/prompt was opened').toEqual([]);
});
