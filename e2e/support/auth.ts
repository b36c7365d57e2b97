import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { emulatorIdToken } from './emulator-admin';
import { BASE_URL } from './env';

/** The web app's localStorage key for Meramot's session token (apps/web/src/lib/storage.ts). */
export const TOKEN_KEY = 'meramot-token';

/**
 * Signs in without the UI: a real emulator ID token is exchanged at POST /api/auth/firebase-login and
 * the session token is put in localStorage before the app's first script runs (once per tab, so a
 * later logout in the same tab sticks). Use where the login screen itself is not under test.
 */
export async function loginViaApi(
  page: Page,
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const idToken = await emulatorIdToken(email, password);
  const res = await request.post(`${BASE_URL}/api/auth/firebase-login`, { data: { idToken } });
  expect(res.ok(), `firebase-login for ${email}: ${res.status()} ${await res.text()}`).toBeTruthy();
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript(
    ([key, value]) => {
      if (window.top !== window || window.sessionStorage.getItem('e2e-token-set')) return;
      window.sessionStorage.setItem('e2e-token-set', '1');
      window.localStorage.setItem(key!, value!);
    },
    [TOKEN_KEY, token],
  );
  return token;
}

/** The login form's controls (spec section 2, Login). */
export function loginForm(page: Page) {
  return {
    email: page.getByLabel(/email/i).first(),
    password: page.getByLabel(/^password/i).first(),
    submit: page.getByRole('button', { name: 'Sign In', exact: true }),
  };
}

/** Signs in through the /login screen and waits for 'Login Successful!'. */
export async function loginViaUi(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
  await expect(page.getByText('Login Successful!')).toBeVisible({ timeout: 15_000 });
}
