import { expect, test, type Page } from '@playwright/test';
import { demoCustomer } from '../support/accounts';
import { serviceNotOwnedBy } from '../support/api';
import { loginViaApi } from '../support/auth';
import { bookingDialog } from '../support/booking';
import { useTheme, type Theme } from '../support/theme';
import { waitForQuiet } from '../support/network';
import { expectAxeClean } from '../support/axe';

interface Screen {
  name: string;
  login?: boolean;
  path: (serviceId: string) => string;
  /** Something on the screen once its data has loaded. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

const screens: Screen[] = [
  { name: 'home', path: () => '/', ready: (p) => p.getByRole('heading', { name: 'Newest Services' }) },
  { name: 'services', path: () => '/services', ready: (p) => p.getByRole('link', { name: /View Details/i }).first() },
  {
    name: 'service page',
    login: true,
    path: (id) => `/services/${id}`,
    ready: (p) => p.getByRole('main').getByRole('button', { name: 'Book Now' }),
  },
  { name: 'login', path: () => '/login', ready: (p) => p.getByRole('button', { name: 'Sign In', exact: true }) },
  {
    name: 'register',
    path: () => '/register',
    ready: (p) => p.getByRole('button', { name: 'Create Account', exact: true }),
  },
  { name: '404', path: () => '/no-such-page', ready: (p) => p.getByRole('heading', { name: 'Page Not Found' }) },
];

for (const theme of ['light', 'dark'] as Theme[]) {
  for (const screen of screens) {
    test(`axe: ${screen.name} in the ${theme} theme has no serious or critical violation`, async ({
      page,
      request,
    }) => {
      await useTheme(page, theme);
      let id = '';
      if (screen.login) {
        await loginViaApi(page, request, demoCustomer.email, demoCustomer.password);
        id = (await serviceNotOwnedBy(request, demoCustomer.email))._id;
      }
      await page.goto(screen.path(id));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(screen.ready(page)).toBeVisible();
      await waitForQuiet(page);

      await expectAxeClean(page, `${screen.name} (${theme})`);
    });
  }

  test(`axe: the booking dialog (at the customer's place, with its inline errors) in the ${theme} theme has no serious or critical violation`, async ({
    page,
    request,
  }) => {
    await useTheme(page, theme);
    await loginViaApi(page, request, demoCustomer.email, demoCustomer.password);
    const service = await serviceNotOwnedBy(request, demoCustomer.email);
    await page.goto(`/services/${service._id}`);
    await page.getByRole('main').getByRole('button', { name: 'Book Now', exact: true }).click();
    const d = bookingDialog(page);
    await d.atMyPlace.check();
    await d.confirm.click();
    await expect(d.error('Please choose a time window.')).toBeVisible();
    await expect(d.error('Please enter the address where the repair should happen.')).toBeVisible();
    await expectAxeClean(page, `the booking dialog (${theme})`);
  });
}
