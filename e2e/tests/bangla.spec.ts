import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginViaApi } from '../support/auth';
import { dialog, expectDialog } from '../support/dialogs';
import { servicePath } from '../../packages/shared/src/public-paths';
import { listServices } from '../support/api';
import { BASE_URL } from '../support/env';
import { hydrated } from '../support/hydrated';
import { createBookingViaApi, createServiceViaApi, dhakaDate, freshAccount, type FreshAccount } from '../support/fresh';
import { banglaTaka, useLanguage } from '../support/language';
import { BOOKING_TEXTS, bookingDialog, stateBadge, tabName } from '../support/booking';
import { bookProposeCompleteReviewAndDecline } from '../support/booking-journey';

/** Meramot in Bangla: the switch, browsing, searching and the booking journey with Bangla texts and Bengali digits. */

const BENGALI_NUMBER = /[০-৯]/;

async function noDialog(page: Page): Promise<void> {
  await expect(page.locator('.swal2-container')).toHaveCount(0, { timeout: 10_000 });
}

test('the switch moves a public page to its Bangla address, which stays Bangla on a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Electronic repair services across Bangladesh');
  const banner = page.getByRole('banner');
  await banner.getByRole('combobox', { name: 'Language' }).selectOption('bn');
  await expect(page).toHaveURL(/\/bn$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('সারা বাংলাদেশে ইলেকট্রনিক্স মেরামতের সার্ভিস');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page).toHaveTitle('বাংলাদেশে ইলেকট্রনিক্স মেরামতের সার্ভিস | মেরামত');
  await expect(banner.getByRole('link', { name: 'লগইন', exact: true })).toBeVisible();
  // Category counts in Bengali digits.
  await expect(page.getByRole('link', { name: /স্মার্টফোন মেরামত/ })).toContainText(/[০-৯]+টি সার্ভিস/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('সারা বাংলাদেশে ইলেকট্রনিক্স মেরামতের সার্ভিস');
  await expect(banner.getByRole('combobox', { name: 'ভাষা' })).toHaveValue('bn');
  await banner.getByRole('combobox', { name: 'ভাষা' }).selectOption('en');
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Electronic repair services across Bangladesh');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a browser that prefers Bangla gets Bangla on a screen with one address; an English address stays English', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'bn-BD' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'লগইন' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'All Services' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('a service’s Bangla address shows it in Bangla; the switch lands on its English address', async ({
  page,
  request,
}) => {
  const [service] = (await listServices(request, { limit: 1 })).services;
  const english = servicePath(service!, 'en');
  const bangla = servicePath(service!, 'bn');
  expect(bangla).toBe(`/bn${english}`);
  await page.goto(bangla);
  await expect(page.getByRole('heading', { level: 1, name: service!.serviceName })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const crumbs = page.getByRole('navigation', { name: 'পথ' });
  await expect(crumbs.getByRole('link', { name: 'সার্ভিস' })).toHaveAttribute('href', '/bn/services');
  await expect(page.getByRole('region', { name: 'প্রোভাইডারের তথ্য' })).toBeVisible();
  await expect(page.locator('head link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', BASE_URL + english);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', BASE_URL + bangla);

  // The switch needs the app: chosen before it takes over, nothing sees the change.
  await hydrated(page);
  await page.getByRole('banner').getByRole('combobox', { name: 'ভাষা' }).selectOption('en');
  await expect(page).toHaveURL(BASE_URL + english);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('region', { name: 'Provider Information' })).toBeVisible();
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', BASE_URL + english);
});

test('browse and search in Bangla: Bangla labels, area names, taka in Bengali digits', async ({ page }) => {
  await page.goto('/bn/services');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'সব সার্ভিস' })).toBeVisible();
  await expect(main.getByText(/[০-৯]+টির মধ্যে [০-৯]+টি সার্ভিস পাওয়া গেছে|[০-৯]+টি সার্ভিস পাওয়া গেছে/)).toBeVisible();
  await expect(main.getByRole('link', { name: /বিস্তারিত দেখুন/ }).first()).toBeVisible();
  await expect(main.getByText(/দাম: ৳[০-৯,]+/).first()).toBeVisible();
  await expect(main.getByRole('combobox', { name: 'এলাকা' }).locator('option', { hasText: 'সিলেট' })).toHaveCount(1);
  await main.getByRole('combobox', { name: 'এলাকা' }).selectOption('Sylhet');
  await expect(page).toHaveURL(/\/bn\/services\?area=Sylhet/);
  await expect(main.getByText('সিলেট', { exact: true }).first()).toBeVisible();

  // The header's search box: Bangla labels; Bangla words find services too.
  const search = page.getByRole('banner').getByPlaceholder('সার্ভিস খুঁজুন...').filter({ visible: true }).first();
  await search.fill('ল্যাপটপ');
  await expect(page.getByText(/"ল্যাপটপ"-এর জন্য [০-৯]+টি ফলাফল/)).toBeVisible({ timeout: 10_000 });
  await search.press('Enter');
  await expect(page).toHaveURL(/\/bn\/services\?search=/);
  await expect(main.getByText(/সার্ভিস পাওয়া গেছে/)).toBeVisible();
});

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
  await useLanguage(page, 'bn');
  await loginViaApi(page, request, account.email, account.password);
  return page;
}

test('book, cancel (then in the ended tab), the provider’s accept and status change and a review, all in Bangla', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const provider = await freshAccount(request, 'bnprov', `বাংলা প্রোভাইডার ${tag}`);
  const customer = await freshAccount(request, 'bncust', `বাংলা গ্রাহক ${tag}`);
  const toCancel = `ফ্রিজ সার্ভিসিং ${tag}`;
  const toComplete = `মোবাইলের ব্যাটারি বদল ${tag}`;
  await createServiceViaApi(request, provider, { serviceName: toCancel, servicePrice: 1200 });
  const completeId = await createServiceViaApi(request, provider, { serviceName: toComplete, servicePrice: 1500 });
  await createBookingViaApi(request, customer, completeId, dhakaDate(2));

  await useLanguage(page, 'bn');
  await loginViaApi(page, request, customer.email, customer.password);
  await page.goto(`/bn/services?search=${encodeURIComponent(toCancel)}`);
  await page
    .getByRole('main')
    .getByRole('link', { name: /বিস্তারিত দেখুন/ })
    .first()
    .click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: toCancel, exact: true }).first()).toBeVisible();
  await expect(main.getByText(banglaTaka(1200)).first()).toBeVisible();
  await main.getByRole('button', { name: 'এখনই বুক করুন', exact: true }).click();
  const booking = bookingDialog(page, 'bn');
  await expect(booking.modal).toBeVisible();
  // The summary, in Bangla with Bengali digits (no read-only fields any more).
  await expect(booking.summary).toContainText(toCancel);
  await expect(booking.summary).toContainText(banglaTaka(1200));
  await booking.date.fill(dhakaDate(3));
  // A window must be chosen: the error is said under the windows, in Bangla.
  await booking.confirm.click();
  await expect(booking.error('একটি সময় বেছে নিন।')).toBeVisible();
  await noDialog(page);
  await booking.window('morning').check();
  await booking.confirm.click();
  await expectDialog(page, 'বুকিং সফল হয়েছে!', BOOKING_TEXTS.bn.successText, 15_000);
  await expect(page).toHaveURL(/\/booked-services$/, { timeout: 10_000 });
  await noDialog(page);

  const card = (name: string) => main.getByRole('article', { name, exact: true });
  await expect(card(toCancel)).toContainText('অপেক্ষমাণ');
  await expect(card(toCancel)).toContainText(banglaTaka(1200));
  await expect(card(toCancel)).toContainText(BENGALI_NUMBER);
  await card(toCancel).getByRole('button', { name: 'বুকিং বাতিল করুন' }).click();
  await expect(dialog(page).title).toHaveText('বুকিং বাতিল করবেন?');
  await dialog(page).popup.getByRole('button', { name: 'হ্যাঁ, বাতিল করুন' }).click();
  await expectDialog(page, 'বুকিং বাতিল হয়েছে');
  await expect(card(toCancel)).toHaveCount(0);
  await noDialog(page);
  // Cancelled, it stays listed in the ended tab.
  await main.getByRole('tab', { name: tabName('বাতিল, প্রত্যাখ্যাত, মেয়াদোত্তীর্ণ') }).click();
  await expect(card(toCancel)).toContainText('বাতিল');
  await expect(card(toCancel)).toContainText('আপনি এই বুকিংটি বাতিল করেছেন।');
  await expect(card(toCancel).getByRole('button', { name: 'বুকিং বাতিল করুন' })).toHaveCount(0);

  // The provider accepts, starts and completes the other booking, in Bangla.
  const prov = await signedInPage(browser, request, provider);
  await prov.goto('/service-todo');
  const pmain = prov.getByRole('main');
  const requestItem = pmain
    .getByRole('listitem')
    .filter({ has: prov.getByRole('heading', { name: toComplete, exact: true }) });
  // (The page's chunk and its Bangla texts load first: on a busy machine that takes a while.)
  await expect(stateBadge(requestItem)).toHaveText('অপেক্ষমাণ', { timeout: 20_000 });
  await expect(requestItem.getByRole('button', { name: 'কাজ শুরু করুন' })).toHaveCount(0);
  await requestItem.getByRole('button', { name: 'গ্রহণ করুন', exact: true }).click();
  await expectDialog(prov, 'বুকিং গৃহীত হয়েছে');
  await noDialog(prov);
  await expect(stateBadge(requestItem)).toHaveText('গৃহীত');
  await requestItem.getByRole('button', { name: 'কাজ শুরু করুন' }).click();
  await expectDialog(prov, 'অবস্থা আপডেট হয়েছে');
  await noDialog(prov);
  await expect(stateBadge(requestItem)).toHaveText('কাজ চলছে');
  await requestItem.getByRole('button', { name: 'কাজ শেষ' }).click();
  await expectDialog(prov, 'অবস্থা আপডেট হয়েছে');
  await noDialog(prov);
  await expect(stateBadge(requestItem)).toHaveText('সম্পন্ন');
  await prov.context().close();

  // The customer reviews it; the form's messages are Bangla too.
  await page.reload();
  await expect(card(toComplete)).toContainText('সম্পন্ন');
  await card(toComplete).getByRole('button', { name: 'রিভিউ দিন' }).click();
  const review = page.getByRole('dialog', { name: 'রিভিউ দিন' });
  // The stars are radios read by a screen reader: chosen from the keyboard (Space), as a keyboard user does.
  const four = review.getByRole('radio', { name: '৪ - ভালো' });
  await four.press('Space');
  await expect(four).toBeChecked();
  await review.getByLabel('আপনার রিভিউ').fill('ভালো');
  await review.getByRole('button', { name: 'রিভিউ জমা দিন' }).click();
  await expect(review.getByText('রিভিউ কমপক্ষে ১০ অক্ষরের হতে হবে')).toBeVisible();
  const comment = `খুব দ্রুত আর ভালোভাবে ঠিক করে দিয়েছেন, ধন্যবাদ! ${tag}`;
  await review.getByLabel('আপনার রিভিউ').fill(comment);
  await review.getByRole('button', { name: 'রিভিউ জমা দিন' }).click();
  await expectDialog(page, 'রিভিউ জমা হয়েছে!');
  await noDialog(page);
  await expect(card(toComplete)).toContainText('রিভিউ দেওয়া হয়েছে');

  await page.goto(`/bn/services/${completeId}`);
  await expect(main.getByText(comment)).toBeVisible();
  await expect(main).toContainText('৪.০');
  await expect(main).toContainText('(১টি রিভিউ)');
});

test('360 px, in Bangla: a Tuesday evening at home with an address and phone; the provider proposes Wednesday morning, the customer accepts, both see a tel: link; completed, reviewed with stars and edited the next day; a declined booking is in the ended tab with its reason', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await bookProposeCompleteReviewAndDecline(browser, request, 'bn');
});
