import { expect, test } from '@playwright/test';
import { loginViaApi } from '../support/auth';
import { dialog, expectDialog } from '../support/dialogs';
import { createBookingViaApi, createServiceViaApi, dhakaDate, freshAccount } from '../support/fresh';
import { BASE_URL } from '../support/env';

test("the provider's phone shows on the customer's booking once accepted, and the booking stays after the provider deletes the service", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const provider = await freshAccount(request, 'hist-provider', 'E2E Provider Karim');
  const customer = await freshAccount(request, 'hist-customer', 'E2E Customer Ayesha');
  const name = `E2E Washing Machine Repair ${Date.now().toString(36)}`;
  const serviceId = await createServiceViaApi(request, provider, { serviceName: name });
  const bookingId = await createBookingViaApi(request, customer, serviceId, dhakaDate(2), 'Please bring spare belts.');

  // Before the provider saves a phone, the customer's card says so and offers no call.
  await loginViaApi(page, request, customer.email, customer.password);
  await page.goto('/booked-services');
  const card = page.getByRole('main').getByRole('article', { name, exact: true });
  await expect(card).toBeVisible();
  await expect(card.locator('a[href^="tel:"]')).toHaveCount(0);

  // The provider saves a phone number in the profile (through the API here; the profile screen has its own journey).
  const saved = await request.put(`${BASE_URL}/api/users/me`, {
    headers: { authorization: `Bearer ${provider.token}` },
    data: { displayName: provider.name, phone: '01712345678' },
  });
  expect(saved.ok()).toBeTruthy();
  // Issue 20: the phone is shown to the customer only once the provider accepts the booking.
  await page.reload();
  await expect(card).toBeVisible();
  await expect(card.locator('a[href^="tel:"]')).toHaveCount(0);
  const accepted = await request.post(`${BASE_URL}/api/bookings/${bookingId}/accept`, {
    headers: { authorization: `Bearer ${provider.token}` },
  });
  expect(accepted.ok()).toBeTruthy();
  await page.reload();
  // Both the provider's phone and Call Provider are tel: links now.
  await expect(card.getByRole('link', { name: '01712345678', exact: true })).toHaveAttribute('href', 'tel:01712345678');
  await expect(card.getByRole('link', { name: 'Call Provider' })).toHaveAttribute('href', 'tel:01712345678');

  // The provider deletes the service after the confirmation.
  const providerContext = await browser.newContext();
  const providerPage = await providerContext.newPage();
  await loginViaApi(providerPage, request, provider.email, provider.password);
  await providerPage.goto('/manage-services');
  const serviceCard = providerPage
    .getByRole('main')
    .locator('article')
    .filter({ has: providerPage.getByRole('heading', { name, exact: true }) });
  await serviceCard.getByRole('button', { name: `Delete ${name}` }).click();
  await dialog(providerPage).popup.getByRole('button', { name: 'Yes, delete it' }).click();
  await expectDialog(providerPage, 'Deleted!');
  await expect(serviceCard).toHaveCount(0);
  await providerContext.close();

  // The service is gone from the public list, and the customer's booking history keeps the booking.
  const listed = await request.get(`${BASE_URL}/api/services?search=${encodeURIComponent(name)}`);
  expect((await listed.json()).total).toBe(0);
  await page.reload();
  await expect(card).toBeVisible();
  await expect(card.getByText('Please bring spare belts.')).toBeVisible();
});
