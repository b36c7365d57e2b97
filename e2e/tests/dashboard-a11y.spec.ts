import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoCustomer, demoProvider } from '../support/accounts';
import { loginViaApi } from '../support/auth';
import { useTheme, type Theme } from '../support/theme';
import { waitForQuiet } from '../support/network';
import { settleAnimations } from '../support/axe';

/** The signed-in dashboard screens, each with something that is on screen once its data has loaded (demo accounts: read only). */
interface Screen {
  name: string;
  path: string;
  as: { email: string; password: string };
  ready: (page: Page) => Locator;
}

const main = (p: Page) => p.getByRole('main');
const screens: Screen[] = [
  {
    name: 'add-service',
    path: '/add-service',
    as: demoProvider,
    ready: (p) => main(p).getByRole('button', { name: 'Add Service', exact: true }),
  },
  {
    name: 'manage-services',
    path: '/manage-services',
    as: demoProvider,
    ready: (p) => main(p).locator('article').first(),
  },
  {
    name: 'booked-services',
    path: '/booked-services',
    as: demoCustomer,
    ready: (p) => main(p).getByRole('article').first(),
  },
  // (/bookings only redirects to Booked Services or Service To-Do: dashboard-booking.spec.ts.)
  {
    name: 'service-todo',
    path: '/service-todo',
    as: demoProvider,
    ready: (p) => main(p).getByLabel('Status', { exact: true }).first(),
  },
  {
    name: 'profile-settings',
    path: '/profile-settings',
    as: demoCustomer,
    ready: (p) => main(p).getByRole('button', { name: 'Update Profile' }),
  },
];

async function open(
  page: Page,
  request: Parameters<typeof loginViaApi>[1],
  screen: Screen,
  theme: Theme,
): Promise<void> {
  await useTheme(page, theme);
  await loginViaApi(page, request, screen.as.email, screen.as.password);
  await page.goto(screen.path);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(screen.ready(page)).toBeVisible();
  await waitForQuiet(page);
  // Let entrance transitions settle so colours are final.
  await settleAnimations(page);
}

for (const theme of ['light', 'dark'] as Theme[]) {
  for (const screen of screens) {
    test(`axe: ${screen.name} in the ${theme} theme has no serious or critical violation`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000); // axe over a long dashboard page takes a while on a loaded machine (as in bangla-a11y)
      await open(page, request, screen, theme);
      const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
      const results = await axe.analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const report = bad
        .map(
          (v) =>
            `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}\n    ${n.failureSummary?.replace(/\n/g, '\n    ')}`).join('\n')}`,
        )
        .join('\n\n');
      expect(
        bad.map((v) => `${v.impact} ${v.id}`),
        `${screen.name} (${theme}):\n${report}`,
      ).toEqual([]);
    });
  }
}

test.describe('360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  for (const theme of ['light', 'dark'] as Theme[]) {
    for (const screen of screens) {
      test(`${screen.name} fits 360 px in the ${theme} theme`, async ({ page, request }) => {
        await open(page, request, screen, theme);
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
        await page.screenshot({
          path: path.join(test.info().project.outputDir, 'screenshots', `${screen.name}-360-${theme}.png`),
          fullPage: true,
        });
        expect(
          widths.doc,
          `scrollWidth ${widths.doc} > 360; wide elements:\n${offenders.join('\n')}`,
        ).toBeLessThanOrEqual(360);
        expect(widths.body).toBeLessThanOrEqual(360);
      });
    }
  }
});
