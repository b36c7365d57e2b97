import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProviderProfile as Profile } from '@meramot/shared';
import { addTranslations } from '@/lib/i18n';
import servicesEn from '@/locales/en/services.json';
import { apiState } from '@/testing/api-state';
import { makeService, placeLabels } from '@/testing/fixtures';
import { renderAt } from '@/testing/render';
import { callsTo } from '@/testing/server';
import { useProviderServices } from '../api/get-provider-lists';
import { ProviderProfile } from './provider-profile';

addTranslations('services', servicesEn, () => import('@/locales/bn/services.json'));

const FATEMA: Profile = {
  id: 'p-fatema',
  displayName: 'Fatema Akter',
  photoURL: null,
  areas: ['Dhaka', 'Chittagong'],
  memberSince: '2026-03-05T08:00:00.000Z',
  emailVerified: true,
  rating: 4.5,
  reviewCount: 7,
  serviceCount: 4,
};

const service = (id: string, district: string | null, areas: string[] = []) =>
  makeService({
    _id: id,
    providerId: FATEMA.id,
    serviceArea: district === 'cumilla' ? 'Chittagong' : 'Dhaka',
    serviceDistrict: district,
    serviceAreas: areas,
    places: district ? placeLabels(district, areas) : [],
  });

/** The profile above the list of her services, as her page has them (the list asks, the profile reads). */
function Page() {
  const services = useProviderServices(FATEMA.id);
  return (
    <>
      <ProviderProfile provider={FATEMA} />
      {services.isSuccess && <p>Services listed</p>}
    </>
  );
}

describe('the districts and areas on a provider page', () => {
  it('names those of the services listed, each district with its areas, without asking again', async () => {
    apiState.providers = [FATEMA];
    apiState.services = [
      service('a', 'dhaka', ['dhaka/mirpur', 'dhaka/pallabi']),
      service('b', 'dhaka', ['dhaka/mirpur', 'dhaka/savar']),
      service('c', 'cumilla'),
      service('d', null),
    ];
    renderAt(<Page />);
    await screen.findByText('Services listed');
    const places = within(screen.getByText('Districts and areas').nextElementSibling as HTMLElement);
    expect(places.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Dhaka: Mirpur, Pallabi, Savar',
      'Cumilla',
    ]);
    expect(callsTo(`/api/providers/${FATEMA.id}/services`)).toHaveLength(1);
  });

  it('says nothing of districts when no service names one', async () => {
    apiState.providers = [FATEMA];
    apiState.services = [service('d', null)];
    renderAt(<Page />);
    await screen.findByText('Services listed');
    expect(screen.getByText('Areas served')).toBeInTheDocument();
    expect(screen.queryByText('Districts and areas')).not.toBeInTheDocument();
  });
});
