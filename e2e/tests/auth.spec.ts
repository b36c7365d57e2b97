import { expect, test, type Page } from '@playwright/test';
import { servicePath } from '../../packages/shared/src/public-paths';
import { demoCustomer, uniqueEmail } from '../support/accounts';
import { serviceNotOwnedBy } from '../support/api';
import { loginForm, loginViaApi, loginViaUi, TOKEN_KEY } from '../support/auth';
import { dialog, expectDialog } from '../support/dialogs';
import { installGapiShim } from '../support/gapi-shim';
import { header } from '../support/header';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Closes the open SweetAlert2 dialog with its confirm button. */
async function confirmDialog(page: Page) {
  await dialog(page).popup.locator('.swal2-confirm').click();
  await expect(dialog(page).popup).toBeHidden();
}

function registerForm(page: Page) {
  return {
    name: page.getByLabel(/full name/i),
    email: page.getByLabel(/email/i).first(),
    photo: page.getByLabel(/photo url/i),
    password: page.getByLabel(/^password/i).first(),
    submit: page.getByRole('button', { name: 'Create Account', exact: true }),
  };
}

test('register: each validation error, then success signs the new user in', async ({ page }) => {
  const email = uniqueEmail('register');
  await page.goto('/register');
  const form = registerForm(page);
  await expect(page.getByText('6+ chars with uppercase & lowercase')).toBeVisible();

  // Nothing filled in.
  await form.submit.click();
  await expect(page.getByText('Please fill in all required fields.')).toBeVisible();

  // Too short.
  await form.name.fill('E2E Register User');
  await form.email.fill(email);
  await form.password.fill('Ab1');
  await form.submit.click();
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();

  // Long enough, but lower case only.
  await form.password.fill('secret123');
  await form.submit.click();
  await expect(page.getByText('Password must contain at least one uppercase and one lowercase letter.')).toBeVisible();

  // Valid: the account is created and the person is signed in at once (issue 20), on the home page,
  // greeted by name: no second login, no "Welcome back".
  await form.password.fill('Secret123');
  await form.submit.click();
  await expect(page.getByText('Account Created!').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Welcome to Meramot, E2E Register User!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(header(page).accountButton).toHaveAccessibleName(/E2E Register User/);
  await expect(page.getByText('Welcome back')).toHaveCount(0);

  // The new account also signs in with its password after a logout.
  await header(page).accountButton.click();
  await header(page).logoutItem.click();
  await expect(header(page).loginLink).toBeVisible();
  await loginViaUi(page, email, 'Secret123');
});

test('register: an e-mail already in use shows the mapped message', async ({ page }) => {
  await page.goto('/register');
  const form = registerForm(page);
  await form.name.fill('Someone Else');
  await form.email.fill(demoCustomer.email);
  await form.password.fill('Secret123');
  await form.submit.click();
  await expect(page.getByText('An account with this email already exists.')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/register$/);
});

test('login: missing fields, unknown e-mail and wrong password show the spec messages; the right password logs in', async ({
  page,
}) => {
  await page.goto('/login');
  const form = loginForm(page);
  await expect(
    page
      .getByRole('link', { name: /register|sign up|create/i })
      .filter({ visible: true })
      .first(),
  ).toBeVisible();

  await form.submit.click();
  await expect(page.getByText('Please fill in all fields.')).toBeVisible();
  await expect(page.getByText('Missing Information')).toBeVisible();
  if (await dialog(page).popup.isVisible()) await confirmDialog(page);

  await form.email.fill(`nobody-${Date.now()}@example.com`);
  await form.password.fill('Secret123');
  await form.submit.click();
  await expect(page.getByText('No account found with this email address.')).toBeVisible({ timeout: 15_000 });
  if (await dialog(page).popup.isVisible()) await confirmDialog(page);

  await form.email.fill(demoCustomer.email);
  await form.password.fill('Wrong-password1');
  await form.submit.click();
  await expect(page.getByText('Incorrect password. Please try again.')).toBeVisible({ timeout: 15_000 });
  if (await dialog(page).popup.isVisible()) await confirmDialog(page);

  // The show/hide toggle reveals the password.
  await expect(form.password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: /show password/i }).click();
  await expect(form.password).toHaveAttribute('type', 'text');

  await form.password.fill(demoCustomer.password);
  await form.submit.click();
  await expect(page.getByText('Login Successful!')).toBeVisible({ timeout: 15_000 });
  // Without a 'from' location the user lands on /.
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(header(page).accountButton).toBeVisible();
  await expect(header(page).loginLink).toBeHidden();
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeTruthy();
});

test('Google popup sign-in through the Auth Emulator signs a new user in', async ({ page, context }) => {
  // Google's gapi loader cannot be fetched offline: a stand-in carries the SDK ↔ emulator messages.
  await installGapiShim(context);
  const email = uniqueEmail('google');
  await page.goto('/login');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState('domcontentloaded');
  await popup.getByRole('button', { name: 'Add new account' }).click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill('E2E Google User');
  await popup.getByRole('button', { name: /Sign in with Google\.com/i }).click();
  await popup.waitForEvent('close', { timeout: 15_000 }).catch(() => undefined);

  await expect(page.getByText('Login Successful!')).toBeVisible({ timeout: 20_000 });
  await expect(header(page).accountButton).toBeVisible({ timeout: 10_000 });
  await header(page).accountButton.click();
  await expect(page.getByText(email).filter({ visible: true }).first()).toBeVisible();
});

test('Book Now pressed before the app has taken over still brings the visitor back after login', async ({
  page,
  request,
}) => {
  const service = await serviceNotOwnedBy(request, demoCustomer.email);
  const canonical = servicePath(service);
  // The service page's scripts are held back: the click is a plain link's, a new document.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (new URL(page.url()).pathname.startsWith('/services/')) await released;
    await route.continue();
  });
  await page.goto(canonical, { waitUntil: 'commit' });
  await page.getByRole('main').getByRole('link', { name: 'Book Now' }).click();
  release();
  await expect(page).toHaveURL(new RegExp(`/login\\?from=${escapeRegExp(encodeURIComponent(canonical))}$`));
  await loginViaUi(page, demoCustomer.email, demoCustomer.password);
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(canonical)}$`), { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: service.serviceName, exact: true })).toBeVisible();
});

test('a visitor reads /services/{id} at its readable address; Book Now leads to login and back', async ({
  page,
  request,
}) => {
  const service = await serviceNotOwnedBy(request, demoCustomer.email);
  const canonical = servicePath(service);
  await page.goto(`/services/${service._id}`);
  // The page is public: the visitor sees it, and the address gains the service's slug.
  await expect(page.getByRole('heading', { level: 1, name: service.serviceName, exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(canonical)}$`));
  const book = page.getByRole('main').getByRole('link', { name: 'Book Now' });
  // The way back is in the address, so it works even when the link is followed before the app runs.
  await expect(book).toHaveAttribute('href', `/login?from=${encodeURIComponent(canonical)}`);
  await book.click();
  await expect(page).toHaveURL(/\/login\?from=/);
  await loginViaUi(page, demoCustomer.email, demoCustomer.password);
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(canonical)}$`), { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: service.serviceName, exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Book Now' })).toBeEnabled();
});

test('a signed-in user opening /login or /register is sent to /services', async ({ page, request }) => {
  await loginViaApi(page, request, demoCustomer.email, demoCustomer.password);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/services$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/services$/);
});

test('logout shows the Logged Out toast and clears the session', async ({ page, request }) => {
  await loginViaApi(page, request, demoCustomer.email, demoCustomer.password);
  await page.goto('/');
  const h = header(page);
  await h.accountButton.click();
  await expect(page.getByText(demoCustomer.email).filter({ visible: true }).first()).toBeVisible();
  await h.logoutItem.click();
  await expectDialog(page, 'Logged Out', 'You have been successfully logged out.');
  await expect(dialog(page).popup.locator('.swal2-confirm')).toBeHidden();
  // It closes by itself after 2 s.
  await expect(dialog(page).popup).toBeHidden({ timeout: 5_000 });
  await expect(h.loginLink).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  // The session is gone: a protected page sends the visitor to /login.
  await page.goto('/booked-services');
  await expect(page).toHaveURL(/\/login$/);
});
