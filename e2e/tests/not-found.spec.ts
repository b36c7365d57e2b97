import { expect, test } from '@playwright/test';
import { hydrated } from '../support/hydrated';

test('an unknown path shows Page Not Found with a Back to Home link', async ({ page }) => {
  await page.goto('/no-such-page/at-all');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found | Meramot');
  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).not.toHaveTitle('Page Not Found | Meramot');
});

// A page's code that does not arrive (a dropped connection, or a deploy that replaced the files the
// open page came with): the app says so under the header, in the page's language, and Reload mends it.
for (const { lang, home, servicesLink, heading, reload, listHeading } of [
  {
    lang: 'English',
    home: '/',
    servicesLink: 'Services',
    heading: 'Something went wrong',
    reload: 'Reload',
    listHeading: 'All Services',
  },
  {
    lang: 'Bangla',
    home: '/bn',
    servicesLink: 'সার্ভিস',
    heading: 'কিছু একটা সমস্যা হয়েছে',
    reload: 'আবার লোড করুন',
    listHeading: 'সব সার্ভিস',
  },
]) {
  test(`a page whose code fails to load offers Reload, which mends it (${lang})`, async ({ page }) => {
    await page.goto(home);
    await hydrated(page);
    // Every All Services chunk not loaded yet fails, as after a deploy removed them.
    const blocked = '**/assets/services-*.js';
    await page.route(blocked, (route) => route.abort('failed'));
    await page
      .getByRole('banner')
      .getByRole('link', { name: servicesLink, exact: true })
      .filter({ visible: true })
      .first()
      .click();

    const alert = page.getByRole('alert').filter({ hasText: heading });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();

    await page.unroute(blocked);
    await alert.getByRole('button', { name: reload }).click();
    await expect(page.getByRole('heading', { level: 1, name: listHeading })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: heading })).toHaveCount(0);
  });
}
