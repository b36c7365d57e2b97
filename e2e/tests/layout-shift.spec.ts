import { expect, test } from '@playwright/test';
import { useLanguage, type Language } from '../support/language';

/**
 * Cumulative layout shift of the first screens, in both languages and at both widths: under 0.05
 * (the Bengali font swaps in, lists arrive after their skeletons, the footer must not be pushed
 * out of view). Shifts right after an input do not count, as in the metric.
 */

/** The public pages have a Bangla address of their own (/bn/...); the login follows the stored choice. */
const PAGES: Record<Language, string[]> = { en: ['/', '/services', '/login'], bn: ['/bn', '/bn/services', '/login'] };
const WIDTHS = [360, 1280];
const LANGUAGES: Language[] = ['en', 'bn'];

for (const language of LANGUAGES) {
  for (const width of WIDTHS) {
    test(`layout shift under 0.05 in ${language === 'bn' ? 'Bangla' : 'English'} at ${width} px: ${PAGES[language].join(', ')}`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      try {
        const page = await context.newPage();
        await useLanguage(page, language);
        await page.addInitScript(() => {
          const w = window as unknown as { __shift: number };
          w.__shift = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
              if (!entry.hadRecentInput) w.__shift += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        for (const path of PAGES[language]) {
          await page.goto(path, { waitUntil: 'networkidle' });
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          // Late images and the font's swap come in this time too.
          await page.waitForTimeout(1000);
          const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
          expect(shift, `${path} in ${language} at ${width} px`).toBeLessThan(0.05);
        }
      } finally {
        await context.close();
      }
    });
  }
}
