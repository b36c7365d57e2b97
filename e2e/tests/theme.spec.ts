import { expect, test, type Page } from '@playwright/test';
import { header } from '../support/header';

async function rootTheme(page: Page) {
  return page.evaluate(() => ({
    dataTheme: document.documentElement.getAttribute('data-theme'),
    dark: document.documentElement.classList.contains('dark'),
    stored: localStorage.getItem('theme'),
  }));
}

test('the theme defaults to light, toggles to dark, survives a reload, and toggles back', async ({ page }) => {
  await page.goto('/');
  expect(await rootTheme(page)).toMatchObject({ dataTheme: 'light', dark: false });

  await header(page).themeToggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await rootTheme(page)).toEqual({ dataTheme: 'dark', dark: true, stored: 'dark' });

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await rootTheme(page)).toEqual({ dataTheme: 'dark', dark: true, stored: 'dark' });
  // Still dark on another page.
  await page.goto('/services');
  expect(await rootTheme(page)).toEqual({ dataTheme: 'dark', dark: true, stored: 'dark' });

  await header(page).themeToggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await rootTheme(page)).toEqual({ dataTheme: 'light', dark: false, stored: 'light' });
});
