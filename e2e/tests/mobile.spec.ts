import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demoCustomer } from '../support/accounts';
import { serviceNotOwnedBy } from '../support/api';
import { loginViaApi } from '../support/auth';
import { bookingDialog } from '../support/booking';
import { servicesPage } from '../support/services-page';
import { useTheme } from '../support/theme';
import { waitForQuiet } from '../support/network';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  const offenders = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > 361 && getComputedStyle(el).position !== 'fixed')
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 4).join('.')} right=${Math.round(el.getBoundingClientRect().right)}`,
      ),
  );
  expect(widths.doc, `scrollWidth ${widths.doc} > 360; wide elements:\n${offenders.join('\n')}`).toBeLessThanOrEqual(
    360,
  );
  expect(widths.body).toBeLessThanOrEqual(360);
}

async function shoot(page: Page, name: string) {
  // From the top, so the sticky header is drawn where it belongs in the full-page image.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(200);
  // e2e/test-results (gitignored), kept after the run for a look.
  await page.screenshot({
    path: path.join(test.info().project.outputDir, 'screenshots', `${name}.png`),
    fullPage: true,
  });
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`360 px wide, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => useTheme(page, theme));

    test('home fits the width and shows the header, hero and newest services', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('banner').getByRole('button', { name: /menu/i }).first()).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
      const popular = page.getByRole('heading', { name: 'Newest Services' });
      await popular.scrollIntoViewIfNeeded();
      await expect(popular).toBeVisible();
      await waitForQuiet(page);
      await expectNoHorizontalOverflow(page);
      await shoot(page, `home-360-${theme}`);
    });

    test('/services fits the width and shows the count and the cards', async ({ page }) => {
      await page.goto('/services');
      const list = servicesPage(page);
      await expect(list.count).toBeVisible();
      await expect(list.cards.first()).toBeVisible();
      const details = list.cards.first().getByRole('link', { name: /View Details/i });
      await details.scrollIntoViewIfNeeded();
      await expect(details).toBeVisible();
      await waitForQuiet(page);
      await expectNoHorizontalOverflow(page);
      await shoot(page, `services-360-${theme}`);
    });

    test('a service page fits the width and shows the service and Book Now', async ({ page, request }) => {
      await loginViaApi(page, request, demoCustomer.email, demoCustomer.password);
      const service = await serviceNotOwnedBy(request, demoCustomer.email);
      await page.goto(`/services/${service._id}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: service.serviceName, exact: true }).first()).toBeVisible();
      const book = main.getByRole('button', { name: 'Book Now', exact: true });
      await book.scrollIntoViewIfNeeded();
      await expect(book).toBeVisible();
      await waitForQuiet(page);
      await expectNoHorizontalOverflow(page);
      await shoot(page, `service-360-${theme}`);
    });

    test('the booking dialog fits the width: a short summary, the choices, Confirm in reach', async ({
      page,
      request,
    }) => {
      await loginViaApi(page, request, demoCustomer.email, demoCustomer.password);
      const service = await serviceNotOwnedBy(request, demoCustomer.email);
      await page.goto(`/services/${service._id}`);
      await page.getByRole('main').getByRole('button', { name: 'Book Now', exact: true }).click();
      const d = bookingDialog(page);
      await expect(d.modal).toBeVisible();
      // Issue 20: Confirm used to sit below six read-only fields; now the service is a short summary
      // and the first screen already holds the date and the time windows.
      await expect(d.summary).toContainText(service.serviceName);
      await expect(d.modal.locator('input[readonly], textarea[readonly]')).toHaveCount(0);
      await expect(d.date).toBeInViewport();
      await expect(d.window('evening')).toBeInViewport();
      await page.screenshot({
        path: path.join(test.info().project.outputDir, 'screenshots', `booking-dialog-360-${theme}.png`),
      });
      // At the customer's place it asks for the address and phone too; all still fits, Confirm is reachable.
      await d.atMyPlace.check();
      await expect(d.address).toBeVisible();
      await d.confirm.scrollIntoViewIfNeeded();
      await expect(d.confirm).toBeInViewport();
      const box = (await d.modal.locator('.modal-box').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({
        path: path.join(test.info().project.outputDir, 'screenshots', `booking-dialog-360-${theme}-at-home.png`),
      });
    });
  });
}
