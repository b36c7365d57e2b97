import { expect, test } from '@playwright/test';
import { loginViaUi } from '../support/auth';
import { expectDialog } from '../support/dialogs';
import { emulatorIdToken } from '../support/emulator-admin';
import { BASE_URL } from '../support/env';
import { freshAccount } from '../support/fresh';
import { header } from '../support/header';

test('a fresh user updates name, photo and phone, changes the password, logs out and signs in with the new one', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const account = await freshAccount(request, 'profile', `E2E Old Name ${tag}`);
  const newName = `E2E New Name ${tag}`;
  const photo = `${BASE_URL}/favicon.svg`;
  const phone = '01712345678';
  const newPassword = 'NewPass456';

  // The password change needs a real Firebase session: sign in through the login screen.
  await loginViaUi(page, account.email, account.password);
  await expect(header(page).accountButton).toHaveAccessibleName(new RegExp(account.name));
  await page.goto('/profile-settings');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeVisible();
  const name = main.getByLabel('Display Name');
  await expect(name).toHaveValue(account.name);
  await expect(main.getByLabel('Email', { exact: true })).toHaveValue(account.email);

  // The display name is required.
  await name.fill('');
  await main.getByRole('button', { name: 'Update Profile' }).click();
  await expect(main.getByText('Display name is required')).toBeVisible();

  await name.fill(newName);
  await main.getByLabel('Photo URL').fill(photo);
  await main.getByLabel('Phone Number').fill(phone);
  await main.getByRole('button', { name: 'Update Profile' }).click();
  await expectDialog(page, 'Profile Updated!');
  await expect(header(page).accountButton).toHaveAccessibleName(new RegExp(newName));
  await expect(main.getByRole('img', { name: `Profile photo of ${newName}` })).toHaveAttribute('src', photo);
  await expect(main).toContainText(phone);

  // Kept by the server: a reload shows the same.
  await page.reload();
  await expect(main.getByLabel('Display Name')).toHaveValue(newName);
  await expect(main.getByLabel('Photo URL')).toHaveValue(photo);
  await expect(main.getByLabel('Phone Number')).toHaveValue(phone);
  await expect(header(page).accountButton).toHaveAccessibleName(new RegExp(newName));

  // Change the password.
  await main.getByLabel('Current Password', { exact: true }).fill(account.password);
  await main.getByLabel('New Password', { exact: true }).fill(newPassword);
  await main.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
  await main.getByRole('button', { name: 'Update Password' }).click();
  await expectDialog(page, 'Password Updated!', undefined, 15_000);
  await expect(page.locator('.swal2-container')).toHaveCount(0, { timeout: 10_000 });
  await expect(main.getByLabel('Current Password', { exact: true })).toHaveValue('');
  // The identity service really holds the new password, and no longer the old one.
  await expect(emulatorIdToken(account.email, account.password)).rejects.toThrow();
  expect(await emulatorIdToken(account.email, newPassword)).toBeTruthy();

  // Log out, then sign in with the new password.
  await header(page).accountButton.click();
  await header(page).logoutItem.click();
  await expect(header(page).loginLink).toBeVisible();
  await loginViaUi(page, account.email, newPassword);
  await expect(header(page).accountButton).toHaveAccessibleName(new RegExp(newName));
});
