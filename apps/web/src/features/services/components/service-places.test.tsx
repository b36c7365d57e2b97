import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Service } from '@meramot/shared';
import { addTranslations, setLanguage } from '@/lib/i18n';
import servicesEn from '@/locales/en/services.json';
import photosEn from '@/locales/en/photos.json';
import { makeService, placeLabels } from '@/testing/fixtures';
import { renderAt } from '@/testing/render';
import { ServiceCard } from './service-card';
import { ServiceDetail } from './service-detail';

// As the public routes do: their texts, in Bangla too.
addTranslations('services', servicesEn, () => import('@/locales/bn/services.json'));
addTranslations('photos', photosEn, () => import('@/locales/bn/photos.json'));

const MIRPUR = makeService({
  serviceArea: 'Dhaka',
  serviceDistrict: 'dhaka',
  serviceAreas: ['dhaka/mirpur'],
  places: placeLabels('dhaka', ['dhaka/mirpur']),
});
const THREE_AREAS = makeService({
  serviceArea: 'Dhaka',
  serviceDistrict: 'dhaka',
  serviceAreas: ['dhaka/mirpur', 'dhaka/pallabi', 'dhaka/savar'],
  places: placeLabels('dhaka', ['dhaka/mirpur', 'dhaka/pallabi', 'dhaka/savar']),
});
const WHOLE_DISTRICT = makeService({
  serviceArea: 'Chittagong',
  serviceDistrict: 'cumilla',
  serviceAreas: [],
  places: placeLabels('cumilla'),
});
const DIVISION_ONLY = makeService({ serviceArea: 'Sylhet', serviceDistrict: null, serviceAreas: [], places: [] });

/** The card's place line (after its sr-only "Area:" label). */
const cardPlace = () => screen.getByText('Area:').closest('li')!;
const renderCard = (service: Service) => renderAt(<ServiceCard service={service} />);
const renderDetail = (service: Service) =>
  renderAt(<ServiceDetail service={service} bookAction={null} reviews={null} />);

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('the place on a service card', () => {
  it('shows the first area and the district: "Mirpur, Dhaka"', () => {
    renderCard(MIRPUR);
    expect(within(cardPlace()).getByText('Mirpur, Dhaka')).toBeInTheDocument();
    expect(cardPlace()).toHaveTextContent(/^Area:Mirpur, Dhaka$/);
  });

  it('says how many more areas it serves: "+2" to the eye, "and 2 more areas" to a screen reader', () => {
    renderCard(THREE_AREAS);
    const place = within(cardPlace()).getByText('Mirpur, Dhaka');
    expect(within(place).getByText('+2')).toHaveAttribute('aria-hidden', 'true');
    expect(within(place).getByText('and 2 more areas')).toHaveClass('sr-only');
    expect(place).toHaveAttribute('title', 'Mirpur, Pallabi, Savar');
  });

  it('shows the district when the service names no area, else the division as before', () => {
    const { unmount } = renderCard(WHOLE_DISTRICT);
    expect(cardPlace()).toHaveTextContent(/^Area:Cumilla$/);
    unmount();
    renderCard(DIVISION_ONLY);
    expect(cardPlace()).toHaveTextContent(/^Area:Sylhet$/);
  });

  it('speaks Bangla: "মিরপুর, ঢাকা", and "+২" more in Bengali digits', async () => {
    await act(() => setLanguage('bn'));
    const { unmount } = renderCard(MIRPUR);
    expect(await screen.findByText('মিরপুর, ঢাকা')).toBeInTheDocument();
    unmount();
    renderCard(THREE_AREAS);
    const place = await screen.findByText('মিরপুর, ঢাকা');
    expect(within(place).getByText('+২')).toBeInTheDocument();
    expect(within(place).getByText('এবং আরও ২টি এলাকা')).toBeInTheDocument();
  });
});

describe('the place on a service page', () => {
  const where = () => screen.getByRole('region', { name: 'Where it is offered' });
  const value = (term: string) => within(where()).getByText(term).nextElementSibling!;

  it('shows the most precise place under the name, then the division, the district and every area', () => {
    renderDetail(THREE_AREAS);
    const header = screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(within(header).getByText('Mirpur, Dhaka')).toBeInTheDocument();
    expect(value('Division')).toHaveTextContent('Dhaka');
    expect(value('District')).toHaveTextContent('Dhaka');
    expect(
      within(value('Areas served') as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mirpur', 'Pallabi', 'Savar']);
  });

  it('says the whole district when it names no area, and the division alone without a district', () => {
    const { unmount } = renderDetail(WHOLE_DISTRICT);
    expect(value('Division')).toHaveTextContent('Chittagong');
    expect(value('District')).toHaveTextContent('Cumilla');
    expect(value('Areas served')).toHaveTextContent('All of Cumilla');
    unmount();
    renderDetail(DIVISION_ONLY);
    expect(value('Division')).toHaveTextContent('Sylhet');
    expect(within(where()).queryByText('District')).not.toBeInTheDocument();
    expect(within(where()).queryByText('Areas served')).not.toBeInTheDocument();
  });

  it('speaks Bangla: "মিরপুর, ঢাকা" and every place in Bangla', async () => {
    await act(() => setLanguage('bn'));
    renderDetail(THREE_AREAS);
    const section = await screen.findByRole('region', { name: 'কোথায় পাওয়া যায়' });
    const header = screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(within(header).getByText('মিরপুর, ঢাকা')).toBeInTheDocument();
    expect(within(section).getByText('বিভাগ').nextElementSibling).toHaveTextContent('ঢাকা');
    expect(within(section).getByText('জেলা').nextElementSibling).toHaveTextContent('ঢাকা');
    expect(
      within(within(section).getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['মিরপুর', 'পল্লবী', 'সাভার']);
  });
});

describe("a service card's icons", () => {
  it('are one empty element each, drawn by CSS and hidden from screen readers (build/icon-masks.mjs)', () => {
    const { container } = renderCard(makeService({ rating: 4.5, reviewCount: 2 }));
    expect(container.querySelector('svg')).toBeNull();
    const icons = [...container.querySelectorAll('[class*="icon-mask-"]')];
    expect(icons.map((icon) => icon.className.split(' ')[0])).toEqual([
      'icon-mask-user-round',
      'icon-mask-map-pin',
      'icon-mask-star-filled',
    ]);
    for (const icon of icons) {
      expect(icon).toBeEmptyDOMElement();
      expect(icon).toHaveAttribute('aria-hidden', 'true');
      expect(icon).toHaveClass('size-4');
    }
    // What a screen reader reads on those lines stays the labels and values.
    expect(cardPlace()).toHaveTextContent(/^Area:/);
  });
});
