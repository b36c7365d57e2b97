import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addTranslations, setLanguage } from '@/lib/i18n';
import en from '@/locales/en/services.json';
import { renderRoutes } from '@/testing/render';
import type { ServicesParams } from '../use-services-params';
import { ServicesToolbar } from './services-toolbar';

addTranslations('services', en, () => import('@/locales/bn/services.json'));

afterEach(async () => {
  await act(() => setLanguage('en'));
});

const noFilters: ServicesParams = { page: 1 };

/** The toolbar on All Services at `url` (English /services or Bangla /bn/services), with spies for its calls. */
function setup(url: string, params: ServicesParams = noFilters) {
  const onChange = vi.fn();
  const onClear = vi.fn();
  const toolbar = <ServicesToolbar params={params} onChange={onChange} onClear={onClear} />;
  const result = renderRoutes(
    [
      { path: '/services', element: toolbar },
      { path: '/bn/services', element: toolbar },
    ],
    url,
  );
  return { ...result, onChange, onClear, form: screen.getByRole('search') as HTMLFormElement };
}

/** The query a browser without JavaScript sends when `form` is submitted (GET: the fields by name). */
const submittedQuery = (form: HTMLFormElement) =>
  new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();

describe('ServicesToolbar without JavaScript: a GET form to All Services', () => {
  it('in English: GET /services with search, area, district and sort; Clear All links to /services', () => {
    const { form } = setup('/services');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/services');
    const box = within(form).getByRole('searchbox', { name: 'Search services' });
    expect(box).toHaveAttribute('name', 'search');
    expect(within(form).getByRole('combobox', { name: 'Area' })).toHaveAttribute('name', 'area');
    expect(within(form).getByRole('combobox', { name: 'Sort by' })).toHaveAttribute('name', 'sort');
    expect(within(form).getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
    // The district filter (issue 24) too; its locality joins once a district is chosen.
    expect([...form.elements].filter((el) => el.getAttribute('name')).map((el) => el.getAttribute('name'))).toEqual([
      'search',
      'area',
      'district',
      'sort',
    ]);
    expect(within(form).getByRole('link', { name: 'Clear All' })).toHaveAttribute('href', '/services');
  });

  it('on a Bangla page: GET /bn/services, and Clear All links to /bn/services', async () => {
    await act(() => setLanguage('bn'));
    const { form } = setup('/bn/services');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/bn/services');
    expect(within(form).getByRole('searchbox', { name: 'সার্ভিস খুঁজুন' })).toHaveAttribute('name', 'search');
    expect(within(form).getByRole('combobox', { name: 'এলাকা' })).toHaveAttribute('name', 'area');
    expect(within(form).getByRole('combobox', { name: 'সাজানোর ধরন' })).toHaveAttribute('name', 'sort');
    expect(within(form).getByRole('link', { name: 'সব মুছুন' })).toHaveAttribute('href', '/bn/services');
  });

  it('sends the current search, area and sort as the URL query', () => {
    const { form } = setup('/services?search=phone&area=Dhaka&sort=price-low', {
      search: 'phone',
      area: 'Dhaka',
      sort: 'price-low',
      page: 1,
    });
    // An empty district is sent empty (and ignored by All Services).
    expect(submittedQuery(form)).toBe('search=phone&area=Dhaka&district=&sort=price-low');
  });
});

describe('ServicesToolbar with JavaScript: each control applies itself', () => {
  it('renders no Apply button (the dropdowns apply on change)', () => {
    setup('/services');
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('Search calls onChange with the trimmed text and does not leave the page', async () => {
    const { onChange, router } = setup('/services');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search services' }), '  laptop {Enter}');
    expect(onChange).toHaveBeenCalledWith({ search: 'laptop' });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(router.state.location.pathname).toBe('/services');
    expect(router.state.location.search).toBe('');
  });

  it('the sort dropdown applies at once through onChange', async () => {
    const { onChange } = setup('/services');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: Low to High');
    expect(onChange).toHaveBeenCalledWith({ sort: 'price-low' });
  });

  it('Clear All calls onClear in place instead of following its link', async () => {
    const { onClear, router } = setup('/services?search=phone&area=Dhaka', { search: 'phone', area: 'Dhaka', page: 1 });
    await userEvent.click(screen.getByRole('link', { name: 'Clear All' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(router.state.location.search).toBe('?search=phone&area=Dhaka');
  });

  it('a modified click on Clear All is left to the browser (a new tab), without clearing', () => {
    const { onClear } = setup('/services?search=phone', { search: 'phone', page: 1 });
    const link = screen.getByRole('link', { name: 'Clear All' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    // Stop jsdom's own navigation once React has seen the event.
    link.addEventListener('click', (e) => e.preventDefault());
    fireEvent(link, click);
    expect(onClear).not.toHaveBeenCalled();
  });
});
