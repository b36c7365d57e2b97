import { expect, test, type Page } from '@playwright/test';
import { loginViaApi } from '../support/auth';
import { dialog, expectDialog } from '../support/dialogs';
import { createServiceViaApi, freshAccount } from '../support/fresh';
import { servicesPage } from '../support/services-page';
import { photoFile } from '../support/photos';
import { chooseServicePlace } from '../support/places';

/** Waits until no SweetAlert2 dialog (toast or confirmation) covers the page any more. */
async function noDialog(page: Page): Promise<void> {
  await expect(page.locator('.swal2-container')).toHaveCount(0, { timeout: 10_000 });
}

/** The provider's card for the service called `name` on /manage-services. */
function manageCard(page: Page, name: string) {
  return page
    .getByRole('main')
    .locator('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** /services?search=name shows the service (or not). */
async function expectListed(page: Page, name: string, listed: boolean): Promise<void> {
  await page.goto(`/services?search=${encodeURIComponent(name)}`);
  const list = servicesPage(page);
  if (listed) {
    await expect(list.cards.filter({ has: page.getByRole('heading', { name, exact: true }) })).toHaveCount(1);
  } else {
    await expect(list.main.getByText('No services match your search')).toBeVisible();
    await expect(list.main.getByRole('heading', { name, exact: true })).toHaveCount(0);
  }
}

test('a fresh provider adds, edits, pauses, activates and deletes services', async ({ page, request }) => {
  test.setTimeout(120_000);
  const provider = await freshAccount(request, 'provider', 'E2E Provider Rahim');
  const tag = Date.now().toString(36);
  const name = `E2E Fridge Repair ${tag}`;
  const other = `E2E Other Service ${tag}`;
  await createServiceViaApi(request, provider, { serviceName: other });
  await loginViaApi(page, request, provider.email, provider.password);

  // Add Service: the empty form names every missing field.
  await page.goto('/add-service');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Add Service', level: 1 })).toBeVisible();
  // Prefilled from the signed-in user.
  await expect(main.getByLabel('Provider Name')).toHaveValue(provider.name);
  await expect(main.getByLabel('Provider Email')).toHaveValue(provider.email);
  const submit = main.getByRole('button', { name: 'Add Service', exact: true });
  await submit.click();
  await expect(main.getByText('Service Name is required')).toBeVisible();
  await expect(main.getByText('Description is required')).toBeVisible();
  await expect(main.getByText('Price (৳) is required')).toBeVisible();
  await expect(main.getByText('Area is required')).toBeVisible();
  await expect(main.getByText('Add at least one photo of your service.')).toBeVisible();
  await expect(main.getByLabel('Service Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/add-service$/);

  await main.getByLabel('Service Name').fill(name);
  await main.getByLabel('Description').fill('Gas refill and compressor repair at your home, 3 month warranty.');
  await main.getByLabel('Price (৳)').fill('99');
  await chooseServicePlace(main, 'Chittagong', 'Chattogram');
  await main.getByLabel('Add photos', { exact: true }).setInputFiles(photoFile('phone-front.jpg'));
  await expect(main.getByRole('img', { name: 'Photo 1, the cover' })).toBeVisible({ timeout: 30_000 });
  await submit.click();
  await expect(main.getByText('Price must be at least 100')).toBeVisible();
  await expect(main.getByText('Service Name is required')).toHaveCount(0);
  await expect(page).toHaveURL(/\/add-service$/);

  // A valid price.
  await main.getByLabel('Price (৳)').fill('1500');
  await submit.click();
  await expectDialog(page, 'Service Added');
  await expect(page).toHaveURL(/\/manage-services$/);
  await noDialog(page);
  const card = manageCard(page, name);
  await expect(card).toBeVisible();
  await expect(card).toContainText('৳1,500');
  await expect(card).toContainText('Chattogram');
  await expect(card).toContainText('Active');
  await expect(manageCard(page, other)).toBeVisible();

  // Edit: the form is filled with the service; Update Service saves the change.
  await card.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/add-service\?edit=/);
  await expect(main.getByRole('heading', { name: 'Edit Service', level: 1 })).toBeVisible();
  await expect(main.getByLabel('Service Name')).toHaveValue(name);
  await expect(main.getByLabel('Price (৳)')).toHaveValue('1500');
  await main.getByLabel('Price (৳)').fill('1750');
  await chooseServicePlace(main, 'Sylhet', 'Sylhet');
  await main.getByRole('button', { name: 'Update Service', exact: true }).click();
  await expectDialog(page, 'Service Updated');
  await expect(page).toHaveURL(/\/manage-services$/);
  await noDialog(page);
  await expect(card).toContainText('৳1,750');
  await expect(card).toContainText('Sylhet');
  await expectListed(page, name, true);

  // Pause: hidden from the public list.
  await page.goto('/manage-services');
  await card.getByRole('button', { name: `Pause ${name}` }).click();
  await expectDialog(page, 'Status Updated');
  await noDialog(page);
  await expect(card).toContainText('Paused');
  await expect(card.getByRole('button', { name: `Activate ${name}` })).toBeVisible();
  await expectListed(page, name, false);

  // Activate: back in the public list.
  await page.goto('/manage-services');
  await card.getByRole('button', { name: `Activate ${name}` }).click();
  await expectDialog(page, 'Status Updated');
  await noDialog(page);
  await expect(card.getByRole('button', { name: `Pause ${name}` })).toBeVisible();
  await expectListed(page, name, true);

  // Delete the other service: nothing happens until the confirmation is accepted.
  await page.goto('/manage-services');
  const otherCard = manageCard(page, other);
  await otherCard.getByRole('button', { name: `Delete ${other}` }).click();
  await expect(dialog(page).title).toHaveText('Delete this service?');
  await expect(dialog(page).text).toContainText(other);
  await dialog(page).popup.getByRole('button', { name: 'Cancel' }).click();
  await noDialog(page);
  await expect(otherCard).toBeVisible();
  await otherCard.getByRole('button', { name: `Delete ${other}` }).click();
  await dialog(page).popup.getByRole('button', { name: 'Yes, delete it' }).click();
  await expectDialog(page, 'Deleted!');
  await expect(otherCard).toHaveCount(0);
  await noDialog(page);
  await expect(card).toBeVisible();
  await page.reload();
  await expect(card).toBeVisible();
  await expect(otherCard).toHaveCount(0);
  await expectListed(page, other, false);
});
