import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { BOOKING_TEXTS, bookingDialog, nextWeekday, stateBadge, tabName, windowText, type WindowName } from './booking';
import { dialog, expectDialog } from './dialogs';
import { createBookingViaApi, createServiceViaApi, dhakaDate, freshAccount, savePhoneViaApi } from './fresh';
import { banglaTaka, type Language } from './language';
import { phonePage } from './phone';

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

/** A page reloaded at 360 px loads its session, texts and lists again: on a busy machine that can take a while. */
const AFTER_RELOAD = 20_000;

/**
 * Chooses a star by keyboard, as a keyboard user does: the radios are visually hidden behind the
 * stars, and a forced click at a hidden radio's point, while the dialog still slides in at 360 px,
 * could land on its neighbour.
 */
async function chooseStar(radio: Locator): Promise<void> {
  await radio.focus();
  await radio.press('Space');
  await expect(radio).toBeChecked();
}

/** The "When" fact of a booking card: its day and window. */
const whenOf = (card: Locator, language: Language): Locator =>
  card
    .locator('dt', { hasText: new RegExp(`^${BOOKING_TEXTS[language].when}:$`) })
    .locator('xpath=following-sibling::dd[1]');

/**
 * A day as the app prints it, by the browser's own Intl (its ICU, as the app uses it): on a card
 * ("26 Nov 2026", "২৬ নভেম্বর, ২০২৬") and in a proposal with its weekday ("Wed 26 Nov").
 */
async function dayTexts(page: Page, date: string, language: Language): Promise<{ card: string; weekday: string }> {
  return page.evaluate(
    ([iso, bn]) => ({
      card: new Intl.DateTimeFormat(bn ? 'bn-BD' : 'en-GB', {
        day: 'numeric',
        month: bn ? 'long' : 'short',
        year: 'numeric',
        timeZone: 'Asia/Dhaka',
      }).format(new Date(`${iso}T00:00:00+06:00`)),
      weekday: new Intl.DateTimeFormat(bn ? 'bn-BD' : 'en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      }).format(new Date(`${iso}T00:00:00Z`)),
    }),
    [date, language === 'bn'] as const,
  );
}

/** The day after `date` (yyyy-mm-dd). */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 20's journey at 360 px, in `language`: a customer books a Tuesday evening at home with an
 * address and a phone (the dialog's inline errors first); the provider sees the request on Service
 * To-Do without the customer's contact and proposes Wednesday morning instead; the customer accepts
 * the new time on Booked Services, which accepts the booking: it shows Wednesday morning and both
 * see the other's phone as a tel: link. The provider starts and completes the job; the customer
 * reviews it with stars (none chosen at first) and edits the review the next day. A second booking,
 * declined on Service To-Do with a reason, is in the "Cancelled, declined, expired" tab on both
 * sides with that reason. Each step is checked to fit 360 px and photographed (shot).
 */
export async function bookProposeCompleteReviewAndDecline(
  browser: Browser,
  request: APIRequestContext,
  language: Language,
): Promise<void> {
  const T = BOOKING_TEXTS[language];
  const bn = language === 'bn';
  const price = (amount: number) => (bn ? banglaTaka(amount) : `৳${new Intl.NumberFormat('en-IN').format(amount)}`);
  const tag = Date.now().toString(36);
  const provider = await freshAccount(
    request,
    `b20${language}prov`,
    bn ? `করিম এসি মেকানিক ${tag}` : `E2E AC Mechanic ${tag}`,
  );
  const customer = await freshAccount(
    request,
    `b20${language}cust`,
    bn ? `নাসরিন গ্রাহক ${tag}` : `E2E Home Customer ${tag}`,
  );
  const providerPhone = '01712345678';
  await savePhoneViaApi(request, provider, providerPhone);
  const atHome = bn ? `এসি সার্ভিসিং বাসায় ${tag}` : `E2E AC Servicing at Home ${tag}`;
  const toDecline = bn ? `ফ্রিজের গ্যাস রিফিল ${tag}` : `E2E Fridge Gas Refill ${tag}`;
  const shopAddress = bn ? `দোকান ৩, নিউ মার্কেট, ঢাকা ${tag}` : `Shop 3, New Market, Dhaka ${tag}`;
  const homeId = await createServiceViaApi(request, provider, {
    serviceName: atHome,
    servicePrice: 2500,
    workLocation: 'either',
  });
  const declineId = await createServiceViaApi(request, provider, {
    serviceName: toDecline,
    servicePrice: 1800,
    workLocation: 'shop',
    shopAddress,
  });

  // The customer, on a phone: the dialog is a short summary, then the choices; nothing is preselected.
  const cust = await phonePage(browser, request, customer, language);
  // The service page in the journey's language: its Bangla address in Bangla.
  await cust.goto(`${bn ? '/bn' : ''}/services/${homeId}`);
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
  const posted = cust.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/bookings' && r.request().method() === 'POST',
  );
  await d.confirm.click();
  const answer = await posted;
  expect(answer.status()).toBe(201);
  const booking = (await answer.json()) as {
    _id: string;
    state: string;
    window: { name: string; date: string } | null;
    location: string;
    address: string | null;
    customerPhone: string | null;
  };
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

  // The provider, on a phone: Service To-Do shows the request with Accept and Decline, not the contact yet.
  const prov = await phonePage(browser, request, provider, language);
  await prov.goto('/service-todo');
  const pmain = prov.getByRole('main');
  const pcard = pmain.getByRole('article', { name: atHome, exact: true });
  await expect(stateBadge(pcard)).toHaveText(T.status.pending, { timeout: AFTER_RELOAD });
  await expect(whenOf(pcard, language)).toContainText(windowText(language, 'evening'));
  await expect(pcard).toContainText(T.atCustomersPlace);
  await expect(pcard).toContainText(T.contactAfterAccept);
  await expect(pcard).not.toContainText(address);
  await expect(pcard).not.toContainText(customerPhone);
  await expect(pcard.getByRole('button', { name: T.accept, exact: true })).toBeVisible();
  await expect(pcard.getByRole('button', { name: T.decline, exact: true })).toBeVisible();
  await expect(pcard.getByRole('button', { name: T.startWork })).toHaveCount(0);
  await fitsWidth(prov, 'Service To-Do');
  await shot(prov, `${language}-360-todo-pending`, true);

  // Tuesday evening does not suit: the provider proposes Wednesday morning (no window chosen at first).
  const wednesday = dayAfter(tuesday);
  const wed = await dayTexts(prov, wednesday, language);
  const proposedWhen = `${wed.weekday}, ${windowText(language, 'morning')}`;
  const proposeButton = pcard.getByRole('button', { name: T.propose, exact: true });
  await proposeButton.click();
  await expect(proposeButton).toHaveAttribute('aria-expanded', 'true');
  const form = pcard.getByRole('form', { name: T.propose });
  const newDate = form.getByLabel(T.newDate, { exact: true });
  await expect(newDate).toBeFocused();
  await newDate.fill(wednesday);
  const proposeWindow = (name: WindowName) =>
    form.getByRole('radio', { name: windowText(language, name), exact: true });
  for (const name of ['morning', 'afternoon', 'evening'] as const) await expect(proposeWindow(name)).not.toBeChecked();
  await proposeWindow('morning').check();
  await fitsWidth(prov, 'the propose form');
  await form.scrollIntoViewIfNeeded();
  await shot(prov, `${language}-360-todo-propose-form`);
  const proposed = prov.waitForResponse(
    (r) => new URL(r.url()).pathname.endsWith('/proposals') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: T.sendProposal, exact: true }).click();
  const proposal = await proposed;
  expect(proposal.ok(), `POST .../proposals: ${proposal.status()}`).toBeTruthy();
  await expect(form).toHaveCount(0);
  // Still pending, now waiting for the customer's answer; Accept and Decline stay at hand.
  await expect(pcard).toContainText(T.proposedByMe(proposedWhen));
  await expect(stateBadge(pcard)).toHaveText(T.status.pending);
  await expect(pcard.getByRole('button', { name: T.acceptNewTime })).toHaveCount(0);
  await fitsWidth(prov, 'Service To-Do, proposed');
  await shot(prov, `${language}-360-todo-proposed`, true);

  // The customer accepts the new time on Booked Services: that accepts the booking too.
  await cust.reload();
  await expect(ccard).toContainText(T.providerProposes(proposedWhen), { timeout: AFTER_RELOAD });
  await fitsWidth(cust, 'Booked Services, a new time proposed');
  await shot(cust, `${language}-360-booked-proposal`, true);
  const answered = cust.waitForResponse(
    (r) => /\/proposals\/[^/]+\/accept$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
  );
  await ccard.getByRole('button', { name: T.acceptNewTime, exact: true }).click();
  expect((await answered).ok()).toBeTruthy();
  await expect(stateBadge(ccard)).toHaveText(T.status.accepted);
  await expect(ccard.getByRole('button', { name: T.acceptNewTime })).toHaveCount(0);
  // It now says Wednesday morning, no longer Tuesday evening.
  const when = whenOf(ccard, language);
  await expect(when).toContainText(wed.card);
  await expect(when).toContainText(windowText(language, 'morning'));
  await expect(when).not.toContainText(windowText(language, 'evening'));
  // Both now see the other's phone as a tel: link (the list follows live or on reload).
  await expect(ccard).toContainText(T.acceptedDescription);
  await expect(ccard.getByRole('link', { name: T.callProvider })).toHaveAttribute('href', `tel:${providerPhone}`);
  await expect(ccard.getByRole('link', { name: providerPhone, exact: true })).toHaveAttribute(
    'href',
    `tel:${providerPhone}`,
  );
  await fitsWidth(cust, 'Booked Services, accepted');
  await shot(cust, `${language}-360-booked-accepted`, true);

  await prov.reload();
  await expect(stateBadge(pcard)).toHaveText(T.status.accepted, { timeout: AFTER_RELOAD });
  await expect(whenOf(pcard, language)).toContainText(wed.card);
  await expect(whenOf(pcard, language)).toContainText(windowText(language, 'morning'));
  await expect(pcard.getByRole('link', { name: customerPhone, exact: true })).toHaveAttribute(
    'href',
    `tel:${customerPhone}`,
  );
  await expect(pcard).toContainText(address);
  await expect(pcard.getByRole('button', { name: T.accept, exact: true })).toHaveCount(0);
  await fitsWidth(prov, 'Service To-Do, accepted');
  await shot(prov, `${language}-360-todo-accepted`, true);

  // The provider starts the work, then marks it complete.
  await pcard.getByRole('button', { name: T.startWork, exact: true }).click();
  await expectDialog(prov, T.statusUpdated);
  await noDialog(prov);
  await expect(stateBadge(pcard)).toHaveText(T.status.working);
  await pcard.getByRole('button', { name: T.markComplete, exact: true }).click();
  await expectDialog(prov, T.statusUpdated);
  await noDialog(prov);
  await expect(stateBadge(pcard)).toHaveText(T.status.completed);
  await expect(pcard.getByRole('button', { name: new RegExp(`${T.startWork}|${T.markComplete}`) })).toHaveCount(0);
  await fitsWidth(prov, 'Service To-Do, completed');
  await shot(prov, `${language}-360-todo-completed`, true);

  // The customer reviews it with stars, none chosen at first.
  await cust.reload();
  await expect(stateBadge(ccard)).toHaveText(T.status.completed, { timeout: AFTER_RELOAD });
  await ccard.getByRole('button', { name: T.leaveReview, exact: true }).click();
  const review = cust.getByRole('dialog', { name: T.reviewDialog });
  await expect(review).toBeVisible();
  const star = (n: 1 | 2 | 3 | 4 | 5) => review.getByRole('radio', { name: T.stars[n], exact: true });
  await expect(review.getByRole('radio')).toHaveCount(5);
  for (const n of [1, 2, 3, 4, 5] as const) await expect(star(n)).not.toBeChecked();
  await chooseStar(star(4));
  const firstWords = bn ? `সময়মতো এসে ঠিক করে দিয়েছেন। ${tag}` : `Came on time and fixed it well. ${tag}`;
  await review.getByLabel(T.reviewComment, { exact: true }).fill(firstWords);
  await fitsWidth(cust, 'the review dialog');
  await shot(cust, `${language}-360-review-dialog`);
  await review.getByRole('button', { name: T.submitReview, exact: true }).click();
  await expectDialog(cust, T.reviewSubmitted);
  await expect(review).toBeHidden();
  await noDialog(cust);
  await expect(ccard).toContainText(T.reviewed);
  await expect(ccard).toContainText(firstWords);
  await expect(ccard).not.toContainText(T.reviewEdited);

  // The next day (the customer's clock a day on) the review can still be edited: the web app offers
  // Edit Review until the review's editableUntil, 7 days after it was written. The server's own
  // 7-day bound (a later edit answers 409) is covered by the server suite,
  // apps/server/src/routes/bookings/booking-flow.test.ts.
  await cust.clock.setSystemTime(Date.now() + 86_400_000);
  await cust.reload();
  expect(await cust.evaluate(() => Date.now())).toBeGreaterThan(Date.now() + 86_000_000);
  await expect(ccard.getByRole('button', { name: T.editReview, exact: true })).toBeVisible({ timeout: AFTER_RELOAD });
  await ccard.getByRole('button', { name: T.editReview, exact: true }).click();
  const edit = cust.getByRole('dialog', { name: T.editReviewDialog });
  await expect(edit).toBeVisible();
  // It starts from what was written.
  await expect(edit.getByRole('radio', { name: T.stars[4], exact: true })).toBeChecked();
  const comment = edit.getByLabel(T.reviewComment, { exact: true });
  await expect(comment).toHaveValue(firstWords);
  await chooseStar(edit.getByRole('radio', { name: T.stars[5], exact: true }));
  const editedWords = bn ? `পরদিন আবার দেখলাম, সব ঠিকঠাক চলছে। ${tag}` : `A day later it still works perfectly. ${tag}`;
  await comment.fill(editedWords);
  await shot(cust, `${language}-360-review-edit-dialog`);
  await edit.getByRole('button', { name: T.submitReview, exact: true }).click();
  await expectDialog(cust, T.reviewSubmitted);
  await expect(edit).toBeHidden();
  await noDialog(cust);
  await expect(ccard).toContainText(editedWords);
  await expect(ccard).not.toContainText(firstWords);
  await expect(ccard).toContainText(T.reviewEdited);
  await fitsWidth(cust, 'Booked Services, reviewed');
  await shot(cust, `${language}-360-booked-reviewed`, true);
  // The provider reads the edited review on the booking.
  await prov.reload();
  await expect(pcard).toContainText(editedWords, { timeout: AFTER_RELOAD });

  // Another booking (made through the API: the dialog is covered above) is declined on Service To-Do.
  await createBookingViaApi(request, customer, declineId, dhakaDate(3), '', { window: 'morning', location: 'shop' });
  await prov.goto('/service-todo');
  const tcard = pmain.getByRole('article', { name: toDecline, exact: true });
  await expect(stateBadge(tcard)).toHaveText(T.status.pending, { timeout: AFTER_RELOAD });
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
  const reason = bn
    ? `এই সপ্তাহে গ্যাস সিলিন্ডার নেই, দুঃখিত। ${tag}`
    : `No gas cylinders in stock this week, sorry. ${tag}`;
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
  await expect(ccard).toBeVisible({ timeout: AFTER_RELOAD });
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
