import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { loginViaApi } from './auth';
import { BOOKING_TEXTS, bookingDialog, nextWeekday, tabName, windowText } from './booking';
import { dialog } from './dialogs';
import { BASE_URL } from './env';
import { createBookingViaApi, createServiceViaApi, dhakaDate, freshAccount, savePhoneViaApi, type FreshAccount } from './fresh';
import { banglaTaka, useLanguage, type Language } from './language';

/** A signed-in phone, 360 px wide, in a browser context of its own (each person's session stays apart). */
async function phonePage(browser: Browser, request: APIRequestContext, account: FreshAccount, language: Language): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    timezoneId: 'Asia/Dhaka',
    locale: 'en-US',
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  if (language === 'bn') await useLanguage(page, 'bn');
  await loginViaApi(page, request, account.email, account.password);
  return page;
}

async function noDialog(page: Page): Promise<void> {
  await expect(page.locator('.swal2-container')).toHaveCount(0, { timeout: 10_000 });
}

/** Nothing sticks out past the 360 px screen. */
async function fitsWidth(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what}: the page is ${width} px wide`).toBeLessThanOrEqual(360);
}

/** Screenshots of the journey, kept in e2e/test-results/issue20 after the run for a look. */
async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  const dir = path.join(test.info().project.outputDir, 'issue20');
  mkdirSync(dir, { recursive: true });
  // A full page from the top, so the sticky header is drawn where it belongs.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/**
 * Issue 20's journey at 360 px, in `language`: a customer books a Tuesday evening at home with an
 * address and a phone (the dialog's inline errors first); the provider sees the request without the
 * customer's contact, accepts it on Bookings → Service Requests; both then see the other's phone as a
 * tel: link. A second booking, declined on Service To-Do with a reason, is in the "Cancelled,
 * declined, expired" tab on both sides with that reason.
 */
export async function bookAtHomeAcceptAndDecline(browser: Browser, request: APIRequestContext, language: Language): Promise<void> {
  const T = BOOKING_TEXTS[language];
  const bn = language === 'bn';
  const price = (amount: number) => (bn ? banglaTaka(amount) : `৳${new Intl.NumberFormat('en-IN').format(amount)}`);
  const tag = Date.now().toString(36);
  const provider = await freshAccount(request, `b20${language}prov`, bn ? `করিম এসি মেকানিক ${tag}` : `E2E AC Mechanic ${tag}`);
  const customer = await freshAccount(request, `b20${language}cust`, bn ? `নাসরিন গ্রাহক ${tag}` : `E2E Home Customer ${tag}`);
  const providerPhone = '01712345678';
  await savePhoneViaApi(request, provider, providerPhone);
  const atHome = bn ? `এসি সার্ভিসিং বাসায় ${tag}` : `E2E AC Servicing at Home ${tag}`;
  const toDecline = bn ? `ফ্রিজের গ্যাস রিফিল ${tag}` : `E2E Fridge Gas Refill ${tag}`;
  const shopAddress = bn ? `দোকান ৩, নিউ মার্কেট, ঢাকা ${tag}` : `Shop 3, New Market, Dhaka ${tag}`;
  const homeId = await createServiceViaApi(request, provider, { serviceName: atHome, servicePrice: 2500, workLocation: 'either' });
  const declineId = await createServiceViaApi(request, provider, { serviceName: toDecline, servicePrice: 1800, workLocation: 'shop', shopAddress });

  // The customer, on a phone: the dialog is a short summary, then the choices; nothing is preselected.
  const cust = await phonePage(browser, request, customer, language);
  await cust.goto(`/services/${homeId}`);
  const cmain = cust.getByRole('main');
  await expect(cmain.getByRole('heading', { name: atHome, exact: true }).first()).toBeVisible();
  await cmain.getByRole('button', { name: T.bookNow, exact: true }).click();
  const d = bookingDialog(cust, language);
  await expect(d.modal).toBeVisible();
  await expect(d.summary).toContainText(atHome);
  await expect(d.summary).toContainText(price(2500));
  await expect(d.summary).toContainText(provider.name);
  await expect(d.summary).toContainText(customer.name);
  // No read-only copies of the service's fields any more.
  await expect(d.modal.locator('input[readonly], textarea[readonly]')).toHaveCount(0);
  const tuesday = nextWeekday(2);
  await d.date.fill(tuesday);
  for (const name of ['morning', 'afternoon', 'evening'] as const) {
    await expect(d.window(name)).toBeEnabled();
    await expect(d.window(name)).not.toBeChecked();
  }
  await expect(d.atShop).toBeChecked();
  await expect(d.address).toHaveCount(0);
  await d.atMyPlace.check();
  await expect(d.address).toBeVisible();
  await expect(d.phone).toBeVisible();
  // Confirm with nothing chosen: every missing field says so under itself; no dialog over the dialog.
  await d.confirm.click();
  await expect(d.error(T.windowRequired)).toBeVisible();
  await expect(d.error(T.addressRequired)).toBeVisible();
  await expect(d.error(T.phoneRequired)).toBeVisible();
  await expect(d.address).toHaveAttribute('aria-invalid', 'true');
  await expect(cust.locator('.swal2-container')).toHaveCount(0);
  // Focus goes to the first field with an error: the window group's first choosable radio.
  await expect(d.window('morning')).toBeFocused();
  // A number that is not a Bangladeshi mobile is refused inline too.
  await d.window('evening').check();
  const address = bn ? `বাসা ১২, রোড ৫, ধানমন্ডি, ঢাকা ${tag}` : `House 12, Road 5, Dhanmondi, Dhaka ${tag}`;
  await d.address.fill(address);
  await d.phone.fill('12345');
  await d.confirm.click();
  await expect(d.error(T.phoneInvalid)).toBeVisible();
  await expect(d.error(T.windowRequired)).toHaveCount(0);
  await expect(d.error(T.addressRequired)).toHaveCount(0);
  // Typed as people type it (Bengali digits in Bangla, a space in English): saved as 01912345678.
  const customerPhone = '01912345678';
  await d.phone.fill(bn ? '০১৯১২-৩৪৫৬৭৮' : '01912 345678');
  await expect(d.error(T.phoneInvalid)).toHaveCount(0);
  await d.confirm.scrollIntoViewIfNeeded();
  await expect(d.confirm).toBeInViewport();
  const box = (await d.modal.locator('.modal-box').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await shot(cust, `${language}-360-booking-dialog-filled`);
  const posted = cust.waitForResponse((r) => new URL(r.url()).pathname === '/api/bookings' && r.request().method() === 'POST');
  await d.confirm.click();
  const answer = await posted;
  expect(answer.status()).toBe(201);
  const booking = (await answer.json()) as { _id: string; state: string; window: { name: string; date: string } | null; location: string; address: string | null; customerPhone: string | null };
  expect(booking).toMatchObject({ state: 'pending', location: 'customer', address, customerPhone });
  expect(booking.window).toMatchObject({ name: 'evening', date: tuesday });
  await expect(dialog(cust).title).toHaveText(T.successTitle, { timeout: 15_000 });
  await expect(dialog(cust).text).toHaveText(T.successText);
  await expect(cust).toHaveURL(/\/booked-services$/, { timeout: 10_000 });
  await noDialog(cust);

  // Booked Services: pending, the evening window, at home with the address; the provider's phone only later.
  const ccard = cmain.getByRole('article', { name: atHome, exact: true });
  await expect(ccard).toContainText(T.status.pending);
  await expect(ccard).toContainText(windowText(language, 'evening'));
  await expect(ccard).toContainText(T.atYourPlace);
  await expect(ccard).toContainText(address);
  await expect(ccard).toContainText(customerPhone);
  await expect(ccard).toContainText(T.phoneAfterAccept);
  await expect(ccard.locator('a[href^="tel:"]')).toHaveCount(0);
  await expect(ccard.getByRole('button', { name: T.callProvider })).toBeDisabled();
  await fitsWidth(cust, 'Booked Services');
  await shot(cust, `${language}-360-booked-pending`, true);

  // The provider, on a phone: Bookings → Service Requests shows Accept and Decline, not the contact yet.
  const prov = await phonePage(browser, request, provider, language);
  await prov.goto('/bookings');
  const pmain = prov.getByRole('main');
  await pmain.getByRole('tab', { name: tabName(T.requestsTab) }).click();
  const pcard = pmain.getByRole('article', { name: atHome, exact: true });
  await expect(pcard).toContainText(T.status.pending);
  await expect(pcard).toContainText(windowText(language, 'evening'));
  await expect(pcard).toContainText(T.atCustomersPlace);
  await expect(pcard).toContainText(T.contactAfterAccept);
  await expect(pcard).not.toContainText(address);
  await expect(pcard).not.toContainText(customerPhone);
  await expect(pcard.getByRole('button', { name: T.decline, exact: true })).toBeVisible();
  await expect(pcard.getByRole('button', { name: T.startWork })).toHaveCount(0);
  await fitsWidth(prov, 'Service Requests');
  await shot(prov, `${language}-360-request-pending`, true);
  await pcard.getByRole('button', { name: T.accept, exact: true }).click();
  await expect(dialog(prov).title).toHaveText(T.acceptedTitle);
  await noDialog(prov);
  // Accepted: the customer's phone (a tel: link) and address; the next step is Start Work.
  await expect(pcard).toContainText(T.status.accepted);
  await expect(pcard.getByRole('link', { name: customerPhone, exact: true })).toHaveAttribute('href', `tel:${customerPhone}`);
  await expect(pcard).toContainText(address);
  await expect(pcard.getByRole('button', { name: T.accept, exact: true })).toHaveCount(0);
  await expect(pcard.getByRole('button', { name: T.startWork })).toBeVisible();
  await fitsWidth(prov, 'Service Requests, accepted');
  await shot(prov, `${language}-360-request-accepted`, true);

  // The customer sees the provider's phone as a tel: link now (the list follows live or on reload).
  await cust.reload();
  await expect(ccard).toContainText(T.status.accepted);
  await expect(ccard).toContainText(T.acceptedDescription);
  await expect(ccard.getByRole('link', { name: T.callProvider })).toHaveAttribute('href', `tel:${providerPhone}`);
  await expect(ccard.getByRole('link', { name: providerPhone, exact: true })).toHaveAttribute('href', `tel:${providerPhone}`);
  await fitsWidth(cust, 'Booked Services, accepted');
  await shot(cust, `${language}-360-booked-accepted`, true);

  // Another booking (made through the API: the dialog is covered above) is declined on Service To-Do.
  await createBookingViaApi(request, customer, declineId, dhakaDate(3), '', { window: 'morning', location: 'shop' });
  await prov.goto('/service-todo');
  const tcard = pmain.getByRole('article', { name: toDecline, exact: true });
  await expect(tcard).toContainText(T.status.pending);
  // Pending: answered first, so no status dropdown yet.
  await expect(tcard.getByLabel(T.statusLabel, { exact: true })).toHaveCount(0);
  await expect(tcard.getByRole('button', { name: T.accept, exact: true })).toBeVisible();
  const declineButton = tcard.getByRole('button', { name: T.decline, exact: true });
  await declineButton.click();
  await expect(declineButton).toHaveAttribute('aria-expanded', 'true');
  const reasonBox = tcard.getByLabel(T.declineLabel, { exact: true });
  await expect(reasonBox).toBeFocused();
  await tcard.getByRole('button', { name: T.declineSubmit, exact: true }).click();
  await expect(tcard.getByRole('alert')).toHaveText(T.reasonRequired);
  await expect(reasonBox).toHaveAttribute('aria-invalid', 'true');
  const reason = bn ? `এই সপ্তাহে গ্যাস সিলিন্ডার নেই, দুঃখিত। ${tag}` : `No gas cylinders in stock this week, sorry. ${tag}`;
  await reasonBox.fill(reason);
  await shot(prov, `${language}-360-todo-decline-form`, true);
  await tcard.getByRole('button', { name: T.declineSubmit, exact: true }).click();
  await expect(dialog(prov).title).toHaveText(T.declinedTitle);
  await noDialog(prov);
  // It leaves the active list, and stays in the ended tab with its reason.
  await expect(tcard).toHaveCount(0);
  await pmain.getByRole('tab', { name: tabName(T.endedTab) }).click();
  await expect(tcard).toContainText(T.status.declined);
  await expect(tcard).toContainText(T.declineReason);
  await expect(tcard).toContainText(reason);
  await expect(tcard.getByRole('button', { name: T.accept, exact: true })).toHaveCount(0);
  await fitsWidth(prov, 'Service To-Do, ended');
  await shot(prov, `${language}-360-todo-ended`, true);
  await prov.context().close();

  // The customer: gone from All, in the ended tab with the provider's reason.
  await cust.reload();
  const dcard = cmain.getByRole('article', { name: toDecline, exact: true });
  await expect(ccard).toBeVisible();
  await expect(dcard).toHaveCount(0);
  await cmain.getByRole('tab', { name: tabName(T.endedTab) }).click();
  await expect(dcard).toContainText(T.status.declined);
  await expect(dcard).toContainText(T.declinedDescription);
  await expect(dcard).toContainText(T.declineReason);
  await expect(dcard).toContainText(reason);
  // (It was to be done at the shop: the customer sees the shop's address.)
  await expect(dcard).toContainText(shopAddress);
  await expect(ccard).toHaveCount(0);
  await fitsWidth(cust, 'Booked Services, ended');
  await shot(cust, `${language}-360-booked-ended`, true);
  await cust.context().close();
}
