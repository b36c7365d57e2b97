import type { Page } from '@playwright/test';

export type Theme = 'light' | 'dark';

/** Stores the theme before the app's first script runs, as a returning user's choice. */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript((value) => {
    if (window.top === window && !localStorage.getItem('theme')) localStorage.setItem('theme', value);
  }, theme);
}
