import { expect, test } from '@playwright/test';

test('an unknown path shows Page Not Found with a Back to Home link', async ({ page }) => {
  await page.goto('/no-such-page/at-all');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found | Meramot');
  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).not.toHaveTitle('Page Not Found | Meramot');
});
