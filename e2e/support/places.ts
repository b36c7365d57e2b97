import { expect, type Locator } from '@playwright/test';

/**
 * The service form's place (issue 24), in English: the Area (division), then the District typed
 * and picked from its list (the district is required by the form).
 */
export async function chooseServicePlace(form: Locator, division: string, district: string): Promise<void> {
  await form.getByLabel('Area', { exact: true }).selectOption(division);
  const field = form.getByRole('combobox', { name: 'District' });
  await field.fill(district.slice(0, 3));
  await form
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(`^${district}`) })
    .click();
  await expect(field).toHaveValue(district);
}
