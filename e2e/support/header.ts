import type { Page } from '@playwright/test';

/** The header's controls (spec section 2, Header; visible ones only: the mobile menu repeats some). */
export function header(page: Page) {
  const banner = page.getByRole('banner');
  return {
    banner,
    search: banner.getByPlaceholder('Search services...').filter({ visible: true }).first(),
    loginLink: banner.getByRole('link', { name: 'Login', exact: true }).filter({ visible: true }).first(),
    getStartedLink: banner.getByRole('link', { name: 'Get Started', exact: true }).filter({ visible: true }).first(),
    accountButton: banner
      .getByRole('button', { name: /account menu/i })
      .filter({ visible: true })
      .first(),
    logoutItem: page
      .getByRole('menuitem', { name: 'Logout' })
      .or(page.getByRole('button', { name: 'Logout', exact: true }))
      .filter({ visible: true })
      .first(),
    themeToggle: banner
      .getByRole('button', { name: /(dark|light) theme/i })
      .filter({ visible: true })
      .first(),
  };
}
