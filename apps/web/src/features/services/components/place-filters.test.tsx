import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PlaceCounts } from '@meramot/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addTranslations, setLanguage } from '@/lib/i18n';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';
import en from '@/locales/en/services.json';
import { server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import type { ServicesParams } from '../use-services-params';
import { ServicesToolbar } from './services-toolbar';

addTranslations('services', en, () => import('@/locales/bn/services.json'));

/** What GET /api/services/places answers here: Dhaka and Gazipur districts, Chattogram's, and a few localities. */
const COUNTS: PlaceCounts = {
  districts: [
    { id: 'dhaka', name: 'Dhaka', bn: 'ঢাকা', division: 'Dhaka', count: 1234 },
    { id: 'gazipur', name: 'Gazipur', bn: 'গাজীপুর', division: 'Dhaka', count: 12 },
    { id: 'chattogram', name: 'Chattogram', bn: 'চট্টগ্রাম', division: 'Chittagong', count: 40 },
  ],
  areas: [
    { id: 'dhaka/mirpur', name: 'Mirpur', bn: 'মিরপুর', kind: 'city-area', district: 'dhaka', count: 55 },
    { id: 'dhaka/savar', name: 'Savar', bn: 'সাভার', kind: 'upazila', district: 'dhaka', count: 7 },
    { id: 'chattogram/agrabad', name: 'Agrabad', bn: 'আগ্রাবাদ', kind: 'city-area', district: 'chattogram', count: 9 },
  ],
};

/** Mirpur, Dhaka: the nearest district centre is Dhaka's. */
const MIRPUR = { latitude: 23.8223, longitude: 90.3654 };

let getCurrentPosition: ReturnType<typeof vi.fn>;

beforeEach(() => {
  server.use(http.get('/api/services/places', () => HttpResponse.json(COUNTS)));
  writeStorage(storageKeys.place, null);
  getCurrentPosition = vi.fn();
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
});

afterEach(async () => {
  await act(() => setLanguage('en'));
  // @ts-expect-error: the test's own geolocation goes away again
  delete navigator.geolocation;
});

function setup(params: ServicesParams = { page: 1 }, url = '/services') {
  const onChange = vi.fn();
  const toolbar = <ServicesToolbar params={params} onChange={onChange} onClear={() => undefined} />;
  renderRoutes(
    [
      { path: '/services', element: toolbar },
      { path: '/bn/services', element: toolbar },
    ],
    url,
  );
  return { onChange, form: screen.getByRole('search') as HTMLFormElement };
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the place filters of All Services', () => {
  it('lists the districts with their counts, by division, and a choice sets the district and its division', async () => {
    const { onChange } = setup();
    const district = screen.getByRole('combobox', { name: 'District' });
    await waitFor(() => expect(optionTexts(district)).toContain('Dhaka (1,234)'));
    expect(optionTexts(district)).toEqual(['All Districts', 'Dhaka (1,234)', 'Gazipur (12)', 'Chattogram (40)']);
    expect(within(district).getByRole('group', { name: 'Dhaka' })).toBeInTheDocument();
    // No locality before a district.
    expect(screen.queryByRole('combobox', { name: 'Locality' })).toBeNull();
    await userEvent.selectOptions(district, 'gazipur');
    expect(onChange).toHaveBeenCalledWith({ district: 'gazipur', place: undefined, area: 'Dhaka' });
  });

  it('within a division lists only its districts; a division chosen clears district and locality', async () => {
    const { onChange } = setup({ page: 1, area: 'Chittagong', district: 'chattogram' });
    const district = screen.getByRole('combobox', { name: 'District' });
    await waitFor(() => expect(optionTexts(district)).toEqual(['All Districts', 'Chattogram (40)']));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Area' }), '');
    expect(onChange).toHaveBeenCalledWith({ area: undefined, district: undefined, place: undefined });
  });

  it("offers the district's localities with their counts; the GET form carries district and place", async () => {
    const { onChange, form } = setup({ page: 1, area: 'Dhaka', district: 'dhaka', place: 'dhaka/savar' });
    const locality = screen.getByRole('combobox', { name: 'Locality' });
    await waitFor(() => expect(optionTexts(locality)).toEqual(['All of Dhaka', 'Mirpur (55)', 'Savar (7)']));
    expect(new FormData(form).get('district')).toBe('dhaka');
    expect(new FormData(form).get('place')).toBe('dhaka/savar');
    await userEvent.selectOptions(locality, 'dhaka/mirpur');
    expect(onChange).toHaveBeenCalledWith({ place: 'dhaka/mirpur' });
  });

  it('names the places in Bangla on the Bangla page', async () => {
    await act(() => setLanguage('bn'));
    setup({ page: 1, area: 'Dhaka', district: 'dhaka' }, '/bn/services');
    const district = screen.getByRole('combobox', { name: 'জেলা' });
    await waitFor(() => expect(optionTexts(district)).toContain('ঢাকা (১,২৩৪)'));
    expect(optionTexts(screen.getByRole('combobox', { name: 'থানা/উপজেলা' }))).toContain('মিরপুর (৫৫)');
  });

  it('Near me asks for the position once, picks the nearest district, remembers it and asks no more', async () => {
    getCurrentPosition.mockImplementation((success: PositionCallback) =>
      success({ coords: MIRPUR } as GeolocationPosition),
    );
    const { onChange } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Near me' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ area: 'Dhaka', district: 'dhaka', place: undefined }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(readStorage(storageKeys.place)).toBe('dhaka');
    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
    expect(onChange).toHaveBeenLastCalledWith({ area: 'Dhaka', district: 'dhaka', place: undefined });
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('Near me says what to do when the location is refused', async () => {
    getCurrentPosition.mockImplementation((_: PositionCallback, failure: PositionErrorCallback) =>
      failure({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
    );
    const { onChange } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Near me' }));
    expect(
      await screen.findByText('Location is turned off for this site. Choose your district from the list.'),
    ).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});
