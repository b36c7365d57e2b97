import type { Page } from '@playwright/test';

export type Language = 'en' | 'bn';

/** Stores the language before the app's first script runs, as a returning user's choice. */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((value) => {
    if (window.top === window && !localStorage.getItem('meramot-language'))
      localStorage.setItem('meramot-language', value);
  }, language);
}

/** Bengali digits, as Bangla screens print numbers. */
export const bengali = (value: number | string) => String(value).replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);

/** A price as the Bangla screens print it: ৳১,২০০. */
export const banglaTaka = (amount: number) => `৳${new Intl.NumberFormat('bn-BD').format(amount)}`;
