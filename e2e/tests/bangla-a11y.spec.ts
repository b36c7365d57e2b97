import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoCustomer, demoProvider } from '../support/accounts';
import { serviceNotOwnedBy } from '../support/api';
import { loginViaApi } from '../support/auth';
import { bookingDialog } from '../support/booking';
import { BASE_URL } from '../support/env';
import { useLanguage } from '../support/language';
import { useTheme, type Theme } from '../support/theme';
import { waitForQuiet } from '../support/network';
import { settleAnimations } from '../support/axe';

/** Every public screen and the dashboard screens in Bangla: axe in both themes, a 360 px pass, screenshots. */

interface Screen {
  name: string;
  login?: 'customer' | 'provider';
  path: (serviceId: string) => string;
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

const screens: Screen[] = [
  { name: 'home', path: () => '/bn', ready: (p) => p.getByRole('heading', { name: 'নতুন সার্ভিস' }) },
  {
    name: 'services',
    path: () => '/bn/services',
    ready: (p) => p.getByRole('link', { name: /বিস্তারিত দেখুন/ }).first(),
  },
  {
    name: 'service page',
    login: 'customer',
    path: (id) => `/bn/services/${id}`,
    ready: (p) => p.getByRole('main').getByRole('button', { name: 'এখনই বুক করুন' }),
  },
  { name: 'login', path: () => '/login', ready: (p) => p.getByRole('button', { name: 'লগইন করুন', exact: true }) },
  {
    name: 'register',
    path: () => '/register',
    ready: (p) => p.getByRole('button', { name: 'অ্যাকাউন্ট খুলুন', exact: true }),
  },
  { name: '404', path: () => '/no-such-page', ready: (p) => p.getByRole('heading', { name: 'পেজটি পাওয়া যায়নি' }) },
  {
    name: 'booked services',
    login: 'customer',
    path: () => '/booked-services',
    ready: (p) => p.getByRole('heading', { level: 1, name: 'বুক করা সার্ভিস' }),
  },
  // (/bookings only redirects to Booked Services or Service To-Do: dashboard-booking.spec.ts.)
  {
    name: 'service to-do',
    login: 'provider',
    path: () => '/service-todo',
    ready: (p) => p.getByRole('heading', { level: 1, name: 'কাজের তালিকা' }),
  },
  {
    name: 'manage services',
    login: 'provider',
    path: () => '/manage-services',
    ready: (p) => p.getByRole('heading', { level: 1, name: 'আমার সার্ভিসগুলো' }),
  },
  {
    name: 'add service',
    login: 'provider',
    path: () => '/add-service',
    ready: (p) => p.getByRole('heading', { level: 1, name: 'সার্ভিস যোগ করুন' }),
  },
  {
    name: 'profile settings',
    login: 'provider',
    path: () => '/profile-settings',
    ready: (p) => p.getByRole('heading', { level: 1, name: 'প্রোফাইল সেটিংস' }),
  },
];

async function open(page: Page, request: Parameters<typeof loginViaApi>[1], screen: Screen) {
  await useLanguage(page, 'bn');
  let id = '';
  if (screen.login) {
    const who = screen.login === 'customer' ? demoCustomer : demoProvider;
    await loginViaApi(page, request, who.email, who.password);
    if (screen.login === 'customer') id = (await serviceNotOwnedBy(request, who.email))._id;
  }
  await page.goto(screen.path(id));
  await expect(screen.ready(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await waitForQuiet(page);
  await settleAnimations(page);
}

for (const theme of ['light', 'dark'] as Theme[]) {
  for (const screen of screens) {
    test(`axe in Bangla: ${screen.name}, ${theme} theme, no serious or critical violation`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000); // axe over a long dashboard page takes a while on a loaded machine
      await useTheme(page, theme);
      await open(page, request, screen);
      await expect(page).toHaveTitle(/ \| মেরামত$/);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const report = bad
        .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}`).join('\n')}`)
        .join('\n\n');
      expect(
        bad.map((v) => `${v.impact} ${v.id}`),
        `${screen.name} (${theme}):\n${report}`,
      ).toEqual([]);
    });
  }
}

/** The elements that stick out past the right edge (the widest first), to name an overflow. */
const sticking = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > document.documentElement.clientWidth + 0.5)
      .slice(0, 5)
      .map(
        ({ el, right }) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}" → ${Math.round(right)}`,
      ),
  );

for (const width of [360, 1280]) {
  test(`Bangla at ${width} px: nothing overflows sideways, screenshots of each screen`, async ({
    browser,
    request,
  }, info) => {
    test.setTimeout(180_000);
    for (const screen of screens) {
      const context = await browser.newContext({
        baseURL: BASE_URL,
        timezoneId: 'Asia/Dhaka',
        viewport: { width, height: 800 },
      });
      const page = await context.newPage();
      await open(page, request, screen);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${screen.name} at ${width} px: ${(await sticking(page)).join('\n')}`).toBeLessThanOrEqual(0);
      const name = screen.name.replace(/\W+/g, '-');
      await page.screenshot({ path: info.outputPath(`bn-${width}-${name}.png`), fullPage: true });
      if (screen.name === 'service page') {
        await page.getByRole('main').getByRole('button', { name: 'এখনই বুক করুন' }).click();
        const booking = bookingDialog(page, 'bn');
        await expect(booking.date).toBeVisible();
        await page.screenshot({ path: info.outputPath(`bn-${width}-booking-dialog.png`) });
        // At the customer's place: the address and phone fields, still within the width.
        await booking.atMyPlace.check();
        await expect(booking.phone).toBeVisible();
        const wide = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(wide, `the booking dialog at ${width} px: ${(await sticking(page)).join('\n')}`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: info.outputPath(`bn-${width}-booking-dialog-at-home.png`) });
      }
      await context.close();
    }
  });
}
