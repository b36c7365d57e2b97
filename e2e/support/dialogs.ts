import { expect, type Page } from '@playwright/test';

/** The SweetAlert2 dialog on screen (the spec's dialogs, toasts and confirmations). */
export function dialog(page: Page) {
  const popup = page.locator('.swal2-popup');
  return { popup, title: popup.locator('.swal2-title'), text: popup.locator('.swal2-html-container') };
}

/** Asserts the dialog with exactly this title and text is shown. */
export async function expectDialog(page: Page, title: string, text?: string, timeout = 10_000): Promise<void> {
  const d = dialog(page);
  await expect(d.title).toHaveText(title, { timeout });
  if (text !== undefined) await expect(d.text).toHaveText(text);
}
