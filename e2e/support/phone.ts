import type { APIRequestContext, Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { loginViaApi } from './auth';
import { BASE_URL } from './env';
import type { FreshAccount } from './fresh';
import { useLanguage, type Language } from './language';

/** A phone's browser context, 360 px wide, in Dhaka's time (`extra`: a position, permissions...). */
export function phoneContext(browser: Browser, extra: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: BASE_URL,
    timezoneId: 'Asia/Dhaka',
    locale: 'en-US',
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    ...extra,
  });
}

/** A signed-in phone, 360 px wide, in a browser context of its own (each person's session stays apart). */
export async function phonePage(
  browser: Browser,
  request: APIRequestContext,
  account: FreshAccount,
  language: Language,
): Promise<Page> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  if (language === 'bn') await useLanguage(page, 'bn');
  await loginViaApi(page, request, account.email, account.password);
  return page;
}
