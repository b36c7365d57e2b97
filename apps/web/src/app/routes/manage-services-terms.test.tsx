import type { Service } from '@meramot/shared';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { makeService } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import ManageServicesRoute from './manage-services';
import { json, PROVIDER, serveProvider } from '@/testing/provider-services';

vi.mock('@/lib/alerts');

const mine = (overrides: Partial<Service>) => makeService({ providerEmail: PROVIDER.email, ...overrides });
const listPath = `/api/services/provider/${PROVIDER.email}`;
const render = () => renderRoutes([{ path: '/manage-services', element: <ManageServicesRoute /> }], '/manage-services');
const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('article')!;

const week = [6, 0, 1, 2, 3, 4].map((day) => ({ day, from: '09:00', to: '21:00' }));
const SERVICES = [
  mine({
    _id: 'a',
    serviceName: 'AC Servicing',
    bookingTerms: {
      weeklyHours: [...week, { day: 5, from: '15:00', to: '21:00' }],
      defaultHours: false,
      jobMinutes: 90,
      workLocation: 'either',
      shopAddress: null,
    },
  }),
  mine({
    _id: 'b',
    serviceName: 'Phone Screen Fix',
    bookingTerms: { weeklyHours: [], defaultHours: true, jobMinutes: null, workLocation: 'shop', shopAddress: null },
  }),
  mine({ _id: 'c', serviceName: 'TV Repair' }),
];

afterEach(async () => {
  window.localStorage.clear();
  await act(() => setLanguage('en'));
});

describe('Manage Services: the booking terms on the card', () => {
  it('sums up the hours (Saturday first, runs of days) and the job length when the list carries them', async () => {
    serveProvider(({ path }) => (path === listPath ? json(SERVICES) : undefined));
    render();
    const ac = await card('AC Servicing');
    expect(within(ac).getByText('Hours:').parentElement).toHaveTextContent(
      'Hours: Sat–Thu 09:00–21:00, Fri 15:00–21:00',
    );
    expect(within(ac).getByText('Job takes:').parentElement).toHaveTextContent('Job takes: 1 hour 30 minutes');
    const phone = await card('Phone Screen Fix');
    expect(phone).toHaveTextContent('Every day 09:00–21:00 (default)');
    expect(within(phone).queryByText('Job takes:')).toBeNull();
    const tv = await card('TV Repair');
    expect(within(tv).queryByText('Hours:')).toBeNull();
  });

  it('in Bangla: Bengali day names and digits', async () => {
    serveProvider(({ path }) => (path === listPath ? json(SERVICES) : undefined));
    await act(() => setLanguage('bn'));
    render();
    const ac = await card('AC Servicing');
    expect(ac).toHaveTextContent('শনি–বৃহস্পতি ০৯:০০–২১:০০, শুক্র ১৫:০০–২১:০০');
    expect(ac).toHaveTextContent('১ ঘণ্টা ৩০ মিনিট');
  });
});
