import { expect, test } from '@playwright/test';
import { demoCustomer, demoProvider } from '../support/accounts';
import { serviceNotOwnedBy, serviceOwnedBy } from '../support/api';
import { loginViaApi } from '../support/auth';
import { windowProblem } from '../../packages/shared/src/booking-flow';
import { BOOKING_TEXTS, bookingDialog, type WindowName } from '../support/booking';
import { bookProposeCompleteReviewAndDecline } from '../support/booking-journey';
import { expectDialog } from '../support/dialogs';
import { BASE_URL } from '../support/env';

/** yyyy-mm-dd of today plus `days`, in Asia/Dhaka (the browser's time zone in this suite). */
function dhakaDate(days: number): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Dhaka',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const WINDOWS: WindowName[] = ['morning', 'afternoon', 'evening'];

test('a customer books another provider’s service: a window, date required inline, then Booking Successful! and /booked-services', async ({
  page,
  request,
}) => {
  const token = await loginViaApi(page, request, demoCustomer.email, demoCustomer.password);
  const service = await serviceNotOwnedBy(request, demoCustomer.email);
  await page.goto(`/services/${service._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: service.serviceName, exact: true }).first()).toBeVisible();
  await expect(main).toContainText(service.providerName);
  await expect(main).toContainText('৳');

  await main.getByRole('button', { name: 'Book Now', exact: true }).click();
  const d = bookingDialog(page);
  const { modal, date, confirm } = d;
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Book This Service' })).toBeVisible();
  // The date defaults to tomorrow and cannot be before today.
  await expect(date).toHaveValue(dhakaDate(1));
  await expect(date).toHaveAttribute('min', dhakaDate(0));
  // The service's facts are a short summary now, not read-only fields.
  await expect(d.summary).toContainText(service.serviceName);
  await expect(d.summary).toContainText(service.providerName);
  await expect(d.summary).toContainText(
    `৳${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(service.servicePrice)}`,
  );
  await expect(modal.getByLabel('Service Name', { exact: true })).toHaveCount(0);
  await expect(modal.locator('input[readonly], textarea[readonly]')).toHaveCount(0);
  // Three windows, none chosen; the shop is the default place.
  for (const name of WINDOWS) {
    await expect(d.window(name)).toBeEnabled();
    await expect(d.window(name)).not.toBeChecked();
  }
  await expect(d.atShop).toBeChecked();
  await expect(d.address).toHaveCount(0);
  // Today: a window that has begun or starts within two hours cannot be chosen.
  const today = dhakaDate(0);
  await date.fill(today);
  const openToday = WINDOWS.filter((name) => windowProblem(today, name, null) === null);
  for (const name of WINDOWS) {
    if (openToday.includes(name)) await expect(d.window(name), `${name} is open today`).toBeEnabled();
    else await expect(d.window(name), `${name} has begun or is too soon today`).toBeDisabled();
  }
  if (openToday.length === 0)
    await expect(modal.getByText('No time window is left on this day. Please choose a later day.')).toBeVisible();

  // An empty date and no window: inline errors under the fields, no dialog over the dialog.
  await date.fill('');
  await confirm.click();
  await expect(d.error('Please select a service date.')).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(d.error('Please choose a time window.')).toBeVisible();
  await expect(page.locator('.swal2-container')).toHaveCount(0);
  await expect(date).toBeFocused();
  // The modal stays open after the refusal.
  await expect(modal).toBeVisible();

  const day = dhakaDate(3);
  await date.fill(day);
  await expect(d.error('Please select a service date.')).toHaveCount(0);
  await d.window('afternoon').check();
  await expect(d.error('Please choose a time window.')).toHaveCount(0);
  const note = `E2E booking ${Date.now()}`;
  await modal.getByLabel(/instruction/i).fill(note);
  // Timed in the page (the test process may lag on a busy machine): when the success dialog
  // appears, and when the app moves to /booked-services.
  await page.evaluate(() => {
    const w = window as unknown as { e2eShownAt?: number; e2eMovedAt?: number };
    new MutationObserver(() => {
      if (!w.e2eShownAt && document.querySelector('.swal2-title')?.textContent === 'Booking Successful!')
        w.e2eShownAt = performance.now();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
    const timer = setInterval(() => {
      if (location.pathname === '/booked-services') {
        w.e2eMovedAt = performance.now();
        clearInterval(timer);
      }
    }, 10);
  });
  await confirm.click();
  await expectDialog(page, 'Booking Successful!', BOOKING_TEXTS.en.successText, 15_000);
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/booked-services$/, { timeout: 10_000 });
  const timing = await page.evaluate(() => {
    const w = window as unknown as { e2eShownAt?: number; e2eMovedAt?: number };
    return { shownAt: w.e2eShownAt ?? null, movedAt: w.e2eMovedAt ?? null };
  });
  expect(timing.shownAt, 'the success dialog was seen').not.toBeNull();
  expect(timing.movedAt, 'the move to /booked-services was seen').not.toBeNull();
  const shownFor = timing.movedAt! - timing.shownAt!;
  // 'after 3 seconds' (a little slack for the dialog's own appearance).
  expect(shownFor, 'ms between Booking Successful! and /booked-services').toBeGreaterThan(2_500);
  expect(shownFor).toBeLessThan(4_500);

  // The booking really exists, with the chosen date and note.
  const res = await request.get(`${BASE_URL}/api/bookings/user/${encodeURIComponent(demoCustomer.email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBeTruthy();
  const bookings = (await res.json()) as Array<{
    serviceId: string;
    serviceTakingDate: string;
    specialInstruction?: string;
    status: string;
    state: string;
    window: { name: string; from: string; to: string } | null;
    location: string;
  }>;
  const mine = bookings.find((b) => b.specialInstruction === note);
  expect(mine, 'the new booking in GET /api/bookings/user/{email}').toBeTruthy();
  expect(mine!.serviceId).toBe(service._id);
  expect(mine!.serviceTakingDate.slice(0, 10)).toBe(day);
  expect(mine!.status).toBe('pending');
  // Pending until the provider accepts; the chosen window, at the shop.
  expect(mine!.state).toBe('pending');
  expect(mine!.window).toMatchObject({ name: 'afternoon', from: '12:00', to: '16:00' });
  expect(mine!.location).toBe('shop');
});

test('a provider cannot book their own service: the disabled You cannot book your own service', async ({
  page,
  request,
}) => {
  await loginViaApi(page, request, demoProvider.email, demoProvider.password);
  const own = await serviceOwnedBy(request, demoProvider.email);
  await page.goto(`/services/${own._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: own.serviceName, exact: true }).first()).toBeVisible();
  const refusal = main.getByRole('button', { name: 'You cannot book your own service' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toBeDisabled();
  await expect(main.getByRole('button', { name: 'Book Now', exact: true })).toHaveCount(0);
});

test('an unknown service id shows Service Not Found with a way back to /services', async ({ page, request }) => {
  await loginViaApi(page, request, demoCustomer.email, demoCustomer.password);
  await page.goto('/services/00000000-0000-4000-8000-000000000000');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Service Not Found' })).toBeVisible();
  await expect(main.getByText("The service you're looking for doesn't exist.")).toBeVisible();
  await main
    .getByRole('link', { name: /services/i })
    .or(main.getByRole('button', { name: /services/i }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/services$/);
});

test('at 360 px: a Tuesday evening at home with an address and phone; the provider proposes Wednesday morning, the customer accepts, both see a tel: link; completed, reviewed with stars and edited the next day; a declined booking is in the ended tab with its reason', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await bookProposeCompleteReviewAndDecline(browser, request, 'en');
});
