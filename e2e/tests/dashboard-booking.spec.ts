import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginViaApi } from '../support/auth';
import { dialog, expectDialog } from '../support/dialogs';
import { BASE_URL } from '../support/env';
import { bookingDialog, stateBadge } from '../support/booking';
import { createBookingViaApi, createServiceViaApi, dhakaDate, freshAccount, type FreshAccount } from '../support/fresh';

/** Waits until no SweetAlert2 dialog (toast or confirmation) covers the page any more. */
async function noDialog(page: Page): Promise<void> {
  await expect(page.locator('.swal2-container')).toHaveCount(0, { timeout: 10_000 });
}

/** A signed-in tab of its own (a second browser context: the other person's session stays apart). */
async function signedInPage(
  browser: Browser,
  request: Parameters<typeof loginViaApi>[1],
  account: FreshAccount,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    timezoneId: 'Asia/Dhaka',
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await loginViaApi(page, request, account.email, account.password);
  return page;
}

test('booking lifecycle: book, cancel (then the ended tab), /bookings redirects, Accept, Start Work / Mark Complete, to-do Accept and dropdown, review', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(210_000); // with the /bookings redirects, the Dashboard and View Details checks
  const tag = Date.now().toString(36);
  const provider = await freshAccount(request, 'prov', `E2E Provider ${tag}`);
  const customer = await freshAccount(request, 'cust', `E2E Customer ${tag}`);
  const toCancel = `E2E Cancel Me ${tag}`;
  const toComplete = `E2E Complete Me ${tag}`;
  const toTodo = `E2E Todo Me ${tag}`;
  await createServiceViaApi(request, provider, { serviceName: toCancel, servicePrice: 800 });
  const completeId = await createServiceViaApi(request, provider, { serviceName: toComplete, servicePrice: 1200 });
  const todoId = await createServiceViaApi(request, provider, { serviceName: toTodo, servicePrice: 600 });
  const completeBooking = await createBookingViaApi(
    request,
    customer,
    completeId,
    dhakaDate(2),
    'Please call before coming.',
  );
  await createBookingViaApi(request, customer, todoId, dhakaDate(4));

  // The customer books through the service page.
  await loginViaApi(page, request, customer.email, customer.password);
  await page.goto(`/services?search=${encodeURIComponent(toCancel)}`);
  await page
    .getByRole('main')
    .getByRole('link', { name: /View Details/i })
    .first()
    .click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: toCancel, exact: true }).first()).toBeVisible();
  await main.getByRole('button', { name: 'Book Now', exact: true }).click();
  const booking = bookingDialog(page);
  await expect(booking.modal).toBeVisible();
  await booking.date.fill(dhakaDate(3));
  await booking.window('evening').check();
  await booking.confirm.click();
  await expectDialog(page, 'Booking Successful!', undefined, 15_000);
  await expect(page).toHaveURL(/\/booked-services$/, { timeout: 10_000 });
  await noDialog(page);

  // Booked Services: all three bookings, pending; cancel one after the confirmation.
  const card = (name: string) => main.getByRole('article', { name, exact: true });
  for (const name of [toCancel, toComplete, toTodo]) await expect(card(name)).toBeVisible();
  await expect(card(toCancel)).toContainText('Pending');
  await card(toCancel).getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(dialog(page).title).toHaveText('Cancel Booking?');
  await expect(dialog(page).text).toContainText(toCancel);
  await dialog(page).popup.getByRole('button', { name: 'Keep Booking' }).click();
  await noDialog(page);
  await expect(card(toCancel)).toBeVisible();
  await card(toCancel).getByRole('button', { name: 'Cancel Booking' }).click();
  await dialog(page).popup.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expectDialog(page, 'Booking Cancelled');
  await expect(card(toCancel)).toHaveCount(0);
  await noDialog(page);
  await page.reload();
  await expect(card(toComplete)).toBeVisible();
  await expect(card(toCancel)).toHaveCount(0);
  // It does not vanish: the ended tab lists it as Cancelled, with nothing left to do.
  const endedTab = main.getByRole('tab', { name: /^Cancelled, declined, expired/ });
  await endedTab.click();
  await expect(endedTab).toHaveAttribute('aria-selected', 'true');
  await expect(card(toCancel)).toContainText('Cancelled');
  await expect(card(toCancel)).toContainText('You cancelled this booking.');
  await expect(card(toCancel).getByRole('button', { name: 'Cancel Booking' })).toHaveCount(0);
  await expect(card(toComplete)).toHaveCount(0);

  // The spec's /bookings still answers: it sends each list to its one home, the query kept.
  // (Each redirect waits for the route's chunk, and a booking's link for the person's requests.)
  const redirected = { timeout: 20_000 };
  await page.goto('/bookings');
  await expect(page).toHaveURL(/\/booked-services$/, redirected);
  await expect(card(toComplete)).toBeVisible(redirected);
  const prov = await signedInPage(browser, request, provider);
  await prov.goto('/bookings?tab=requests');
  await expect(prov).toHaveURL(/\/service-todo$/, redirected);
  await prov.goto(`/bookings?booking=${completeBooking}&chat=1`);
  await expect(prov).toHaveURL(`${BASE_URL}/service-todo?booking=${completeBooking}&chat=1`, redirected);
  await expect(prov.getByRole('dialog', { name: new RegExp(toComplete) })).toBeVisible(redirected);
  await prov.keyboard.press('Escape');
  await expect(prov.getByRole('dialog')).toHaveCount(0);
  await page.goto(`/bookings?booking=${completeBooking}`);
  await expect(page).toHaveURL(`${BASE_URL}/booked-services?booking=${completeBooking}`, redirected);

  // The provider: Accept, Start Work, then Mark Complete on Service To-Do.
  await prov.goto('/service-todo');
  const pmain = prov.getByRole('main');
  // The Dashboard lists each home once: no My Bookings.
  const dashboard = prov.getByRole('banner').getByRole('button', { name: 'Dashboard' });
  await dashboard.click();
  const menu = prov.locator(`[id="${await dashboard.getAttribute('aria-controls')}"]`);
  await expect(menu.getByRole('link')).toHaveText([
    'Add Service',
    'Manage Services',
    'Booked Services',
    'Service To-Do',
  ]);
  await prov.keyboard.press('Escape');
  const request_ = (name: string) =>
    pmain.getByRole('listitem').filter({ has: prov.getByRole('heading', { name, exact: true }) });
  await expect(request_(toComplete)).toBeVisible();
  await expect(request_(toTodo)).toBeVisible();
  await expect(request_(toCancel)).toHaveCount(0);
  // A pending request is answered first: Accept or Decline, no Start Work yet.
  await expect(stateBadge(request_(toComplete))).toHaveText('Pending');
  await expect(request_(toComplete).getByRole('button', { name: 'Decline', exact: true })).toBeVisible();
  await expect(request_(toComplete).getByRole('button', { name: /Start Work|Mark Complete/ })).toHaveCount(0);
  await request_(toComplete).getByRole('button', { name: 'Accept', exact: true }).click();
  await expectDialog(prov, 'Booking Accepted');
  await noDialog(prov);
  await expect(stateBadge(request_(toComplete))).toHaveText('Accepted');
  await expect(request_(toComplete).getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  await request_(toComplete).getByRole('button', { name: 'Start Work' }).click();
  await expectDialog(prov, 'Status Updated');
  await noDialog(prov);
  await expect(stateBadge(request_(toComplete))).toHaveText('Working');
  await request_(toComplete).getByRole('button', { name: 'Mark Complete' }).click();
  await expectDialog(prov, 'Status Updated');
  await noDialog(prov);
  await expect(stateBadge(request_(toComplete))).toHaveText('Completed');
  await expect(request_(toComplete).getByRole('button', { name: /Start Work|Mark Complete/ })).toHaveCount(0);
  // View Details: every field in a dialog, read only.
  await request_(toComplete)
    .getByRole('button', { name: `View Details of ${toComplete}` })
    .click();
  const details = prov.getByRole('dialog', { name: 'Booking Details' });
  await expect(details).toContainText(customer.name);
  await expect(details).toContainText('Please call before coming.');
  await expect(details).toContainText('Completed');
  await details.locator('.modal-action').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(details).toBeHidden();
  // The ended tab keeps the cancelled booking for the provider too.
  await pmain.getByRole('tab', { name: /^Cancelled, declined, expired/ }).click();
  await expect(request_(toCancel)).toContainText('Cancelled');

  // Service To-Do: a pending request shows Accept and Decline, no dropdown; once accepted the
  // dropdown appears; it asks first; Cancel keeps the status.
  await prov.goto('/service-todo');
  const todo = request_(toTodo);
  const status = todo.getByLabel('Status', { exact: true });
  await expect(todo).toContainText('Pending');
  await expect(status).toHaveCount(0);
  await todo.getByRole('button', { name: 'Accept', exact: true }).click();
  await expectDialog(prov, 'Booking Accepted');
  await noDialog(prov);
  await expect(todo.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  await expect(status).toHaveValue('pending');
  await expect(status.locator('option:checked')).toHaveText('Accepted');
  // One name for the working state, in the dropdown too.
  await expect(status.locator('option')).toHaveText(['Accepted', 'Working', 'Completed']);
  await status.selectOption('working');
  await expect(dialog(prov).title).toHaveText('Change Status?');
  await dialog(prov).popup.getByRole('button', { name: 'Cancel' }).click();
  await noDialog(prov);
  await expect(status).toHaveValue('pending');
  await status.selectOption('working');
  await expect(dialog(prov).title).toHaveText('Change Status?');
  await expect(dialog(prov).text).toContainText(toTodo);
  await dialog(prov).popup.getByRole('button', { name: 'Yes, update it' }).click();
  await expectDialog(prov, 'Status Updated');
  await noDialog(prov);
  await expect(status).toHaveValue('working');
  await prov.reload();
  await expect(status).toHaveValue('working');
  await expect(status.locator('option:checked')).toHaveText('Working');
  await expect(todo).not.toContainText('In Progress');
  // ...and completes it the same way; a completed booking is final, so its dropdown is disabled.
  await status.selectOption('completed');
  await expect(dialog(prov).title).toHaveText('Change Status?');
  await dialog(prov).popup.getByRole('button', { name: 'Yes, update it' }).click();
  await expectDialog(prov, 'Status Updated');
  await noDialog(prov);
  await expect(status).toHaveValue('completed');
  await expect(status).toBeDisabled();
  await prov.context().close();

  // The customer sees the new states and reviews the completed booking.
  await page.reload();
  await expect(card(toTodo)).toContainText('Completed');
  await expect(card(toComplete)).toContainText('Completed');
  // Completed through the to-do list, it can be reviewed too.
  await expect(card(toTodo).getByRole('button', { name: 'Leave Review' })).toHaveCount(1);
  await card(toComplete).getByRole('button', { name: 'Leave Review' }).click();
  const review = page.getByRole('dialog', { name: 'Leave a Review' });
  await expect(review).toBeVisible();
  // Stars, none chosen at first (issue 20): a review without one is refused on the form.
  const submit = review.getByRole('button', { name: 'Submit Review' });
  await review.getByLabel('Your review').fill(`Fixed quickly and well, thank you! ${tag}`);
  await submit.click();
  await expect(review.getByText('Please choose a rating: 1 to 5 stars.')).toBeVisible();
  await review.getByLabel('Your review').fill('');
  await review.getByRole('radio', { name: '4 - Good' }).check({ force: true });
  await submit.click();
  await expect(review.getByText('Please write a review comment')).toBeVisible();
  await review.getByLabel('Your review').fill('Too short');
  await submit.click();
  await expect(review.getByText('Review comment must be at least 10 characters long')).toBeVisible();
  const comment = `Fixed quickly and well, thank you! ${tag}`;
  await review.getByLabel('Your review').fill(comment);
  await submit.click();
  await expectDialog(page, 'Review Submitted!');
  await expect(review).toBeHidden();
  await noDialog(page);
  await expect(card(toComplete)).toContainText('Reviewed');
  await expect(card(toComplete).getByRole('button', { name: 'Leave Review' })).toHaveCount(0);
  await page.reload();
  await expect(card(toComplete)).toContainText('Reviewed');
  await expect(card(toComplete).getByRole('button', { name: 'Leave Review' })).toHaveCount(0);

  // The service page shows the review and the new average.
  await page.goto(`/services/${completeId}`);
  await expect(main.getByText(comment)).toBeVisible();
  await expect(main).toContainText('4.0');
  await expect(main).toContainText('(1 review)');
});
