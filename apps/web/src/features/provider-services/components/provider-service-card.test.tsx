import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Service } from '@meramot/shared';
import { addTranslations, setLanguage } from '@/lib/i18n';
import providerEn from '@/locales/en/provider.json';
import { makeService, placeLabels } from '@/testing/fixtures';
import { renderAt } from '@/testing/render';
import { ProviderServiceCard } from './provider-service-card';

addTranslations('provider', providerEn, () => import('@/locales/bn/provider.json'));

const renderCard = (service: Service) =>
  renderAt(<ProviderServiceCard service={service} busy={false} onToggle={vi.fn()} onDelete={vi.fn()} />);
/** The card's place line (after its sr-only "Area:" label). */
const place = () => screen.getByText(/^Area:|^এলাকা:/).closest('li')!;

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe("the place on the provider's own service card", () => {
  it('shows the first area and the district, and how many more areas', () => {
    renderCard(
      makeService({
        serviceDistrict: 'dhaka',
        serviceAreas: ['dhaka/mirpur', 'dhaka/dhanmondi'],
        places: placeLabels('dhaka', ['dhaka/mirpur', 'dhaka/dhanmondi']),
      }),
    );
    expect(place()).toHaveTextContent(/^Area: Mirpur, Dhaka \+1and 1 more area$/);
  });

  it('shows the district alone, or the division of a service that names no district', () => {
    const { unmount } = renderCard(makeService({ serviceDistrict: 'gazipur', places: placeLabels('gazipur') }));
    expect(place()).toHaveTextContent(/^Area: Gazipur$/);
    unmount();
    renderCard(makeService({ serviceArea: 'Chittagong' }));
    expect(place()).toHaveTextContent(/^Area: Chittagong$/);
  });

  it('speaks Bangla: "মিরপুর, ঢাকা"', async () => {
    await act(() => setLanguage('bn'));
    renderCard(makeService({ serviceDistrict: 'dhaka', places: placeLabels('dhaka', ['dhaka/mirpur']) }));
    expect(await screen.findByText('মিরপুর, ঢাকা')).toBeInTheDocument();
  });
});
