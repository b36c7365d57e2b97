import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAxeClean } from '../support/axe';
import { dialog } from '../support/dialogs';
import { BASE_URL } from '../support/env';
import { freshAccount, savePhoneViaApi } from '../support/fresh';
import { useLanguage, type Language } from '../support/language';
import { phoneContext, phonePage } from '../support/phone';
import { photoFile } from '../support/photos';

/**
 * Places (issue 24), at 360 px in English and in Bangla: a provider lists a service in Mirpur
 * (Dhaka's district, its Mirpur city area, chosen by typing in the form's language); a visitor in
 * Mirpur (the browser's position set by the test) taps "Near me" and finds it first among the
 * services of the nearest district; a search for "ল্যাপটপ মিরপুর" finds it and says it read Mirpur
 * as the place.
 */

/** The app's own texts (apps/web/src/locales), so the journey reads the screens as a person does. */
function texts(lang: Language) {
  const read = (ns: string) =>
    JSON.parse(
      readFileSync(
        path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'src', 'locales', lang, `${ns}.json`),
        'utf8',
      ),
    ) as Record<string, Record<string, string>>;
  const [provider, places, photos, services] = ['provider', 'places', 'photos', 'services'].map(read) as [
    Record<string, Record<string, string>>,
    Record<string, Record<string, string>>,
    Record<string, Record<string, string>>,
    Record<string, Record<string, string>>,
  ];
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
  return {
    addButton: provider.form!.addButton!,
    addedTitle: provider.form!.addedTitle!,
    district: places.form!.district!,
    findArea: places.form!.findArea!,
    addPhotos: photos.picker!.addPhotos!,
    nearMe: services.list!.nearMe!,
    districtLabel: services.list!.districtLabel!,
    understood: (place: string) => fill(services.list!.understoodPlace!, { place }),
    dhaka: lang === 'bn' ? 'ঢাকা' : 'Dhaka',
    mirpur: lang === 'bn' ? 'মিরপুর' : 'Mirpur',
    // Typed as people type them: the start of the name, in the page's language.
    typedDistrict: lang === 'bn' ? 'ঢাক' : 'dha',
    typedArea: lang === 'bn' ? 'মির' : 'mir',
  };
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = path.join(test.info().project.outputDir, 'issue24');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A visitor's phone, 360 px wide, standing in Mirpur (Dhaka), the position allowed to the site. */
async function visitorInMirpur(browser: Browser, lang: Language): Promise<Page> {
  const context = await phoneContext(browser, {
    geolocation: { latitude: 23.8223, longitude: 90.3654 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  if (lang === 'bn') await useLanguage(page, 'bn');
  return page;
}

for (const lang of ['en', 'bn'] as const) {
  test(`${lang}: a service listed in Mirpur is found by Near me and by "ল্যাপটপ মিরপুর", at 360 px`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const T = texts(lang);
    const tag = `${lang}${Date.now().toString(36)}`;
    const name = `E2E Laptop Clinic ${tag}`;
    const provider = await freshAccount(request, `places-${lang}`, 'E2E Places Provider');
    await savePhoneViaApi(request, provider, '01712345678');
    const page = await phonePage(browser, request, provider, lang);

    // The provider lists the service: Area (division), then the district and the area by typing.
    await page.goto('/add-service');
    const main = page.getByRole('main');
    await main.locator('#serviceName').fill(name);
    await main
      .locator('#serviceDescription')
      .fill('Laptop screens, keyboards and batteries fixed the same day in Mirpur.');
    await main.locator('#servicePrice').fill('1500');
    await main.locator('#serviceArea').selectOption('Dhaka');
    const district = main.getByRole('combobox', { name: T.district });
    await district.fill(T.typedDistrict);
    await main
      .getByRole('listbox')
      .getByRole('option', { name: new RegExp(`^${T.dhaka}`) })
      .click();
    await expect(district).toHaveValue(T.dhaka);
    await main.getByLabel(T.findArea).fill(T.typedArea);
    await main.getByRole('checkbox', { name: T.mirpur, exact: true }).check();
    await main.getByLabel(T.addPhotos, { exact: true }).setInputFiles(photoFile('phone-screen.jpg'));
    await expect(main.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'the form fits 360 px').toBeLessThanOrEqual(360);
    await shot(page, `${lang}-add-service-place-360`);
    await expectAxeClean(page, `the Add Service form with its place (${lang})`);
    await main.getByRole('button', { name: T.addButton, exact: true }).click();
    await expect(dialog(page).title).toHaveText(T.addedTitle, { timeout: 15_000 });

    const mine = (await (
      await request.get(`${BASE_URL}/api/services/provider/${encodeURIComponent(provider.email)}`, {
        headers: { authorization: `Bearer ${provider.token}` },
      })
    ).json()) as { _id: string; serviceName: string; serviceDistrict: string; serviceAreas: string[] }[];
    const listed = mine.find((s) => s.serviceName === name)!;
    expect(listed).toMatchObject({ serviceDistrict: 'dhaka', serviceAreas: ['dhaka/mirpur'] });

    // A visitor in Mirpur: Near me picks Dhaka district; the new service is the first (newest) card.
    const visitor = await visitorInMirpur(browser, lang);
    await visitor.goto(lang === 'bn' ? '/bn/services' : '/services');
    await visitor.getByRole('button', { name: T.nearMe }).click();
    await expect(visitor).toHaveURL(/district=dhaka/);
    await expect(visitor.getByRole('combobox', { name: T.districtLabel, exact: true })).toHaveValue('dhaka');
    // The cards (in either language: each an article of the list).
    const cards = visitor.getByRole('main').getByRole('listitem').locator('article');
    await expect(cards.first().getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(cards.first()).toContainText(T.mirpur);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(visitor, `${lang}-near-me-360`);
    await expectAxeClean(visitor, `All Services after Near me (${lang})`);

    // A search for "ল্যাপটপ মিরপুর" (laptop, Mirpur) from the list's box: Mirpur read as the place.
    await visitor.goto(lang === 'bn' ? '/bn/services' : '/services');
    await visitor.getByRole('search').getByRole('searchbox').fill('ল্যাপটপ মিরপুর');
    await visitor.getByRole('search').getByRole('searchbox').press('Enter');
    await expect(visitor.getByText(T.understood(T.mirpur))).toBeVisible();
    await expect(cards.filter({ has: visitor.getByRole('heading', { name, exact: true }) })).toHaveCount(1);
    await shot(visitor, `${lang}-search-place-360`);
    await visitor.context().close();
    await page.context().close();
  });
}
