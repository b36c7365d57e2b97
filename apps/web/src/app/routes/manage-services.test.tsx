import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Service } from '@meramot/shared';
import { makeService } from '@/testing/fixtures';
import * as alerts from '@/lib/__mocks__/alerts';
import { setLanguage } from '@/lib/i18n';
import { renderRoutes } from '@/testing/render';
import ManageServicesRoute from './manage-services';
import { json, PROVIDER, serveProvider } from '@/testing/provider-services';
import { serviceStats } from '@/features/provider-services/components/service-stats';

vi.mock('@/lib/alerts');

const mine = (overrides: Partial<Service>) => makeService({ providerEmail: PROVIDER.email, ...overrides });
const services = [
  mine({ _id: 'a', serviceName: 'Phone Screen Fix', rating: 4.5, bookings: 3, status: 'active', servicePrice: 1500 }),
  mine({ _id: 'b', serviceName: 'Laptop Battery', rating: 4.2, bookings: 5, status: 'paused' }),
  mine({ _id: 'c', serviceName: 'TV Repair', rating: null, reviewCount: 0, bookings: 0, status: 'active' }),
];
const listPath = `/api/services/provider/${PROVIDER.email}`;

const render = () => renderRoutes([{ path: '/manage-services', element: <ManageServicesRoute /> }], '/manage-services');

const stat = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
const card = (name: string) => screen.getByRole('heading', { name }).closest('article')!;

beforeEach(() => {
  Object.values(alerts).forEach((f) => f.mockClear());
  alerts.confirmDialog.mockResolvedValue(true);
});
afterEach(async () => {
  window.localStorage.clear();
  await setLanguage('en');
});

describe('serviceStats', () => {
  it('averages the rated services to one decimal, and has no average (never 0.0) when none is rated', () => {
    expect(serviceStats(services)).toEqual({ total: 3, active: 2, bookings: 8, averageRating: '4.4' });
    expect(serviceStats([mine({ rating: null })]).averageRating).toBeNull();
    expect(serviceStats([]).averageRating).toBeNull();
  });
});

describe('Manage Services', () => {
  it('shows the stats, the privacy note and a card per service (paused ones marked)', async () => {
    serveProvider(({ path }) => (path === listPath ? json(services) : undefined));
    render();
    expect(await screen.findByRole('heading', { name: 'Phone Screen Fix' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Services' })).toBeInTheDocument();
    expect(stat('Total Services')).toBe('3');
    expect(stat('Active Services')).toBe('2');
    expect(stat('Total Bookings')).toBe('8');
    expect(stat('Average Rating')).toBe('4.4');
    expect(screen.getByText(/only you, the provider, can see and edit/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New Service' })).toHaveAttribute('href', '/add-service');

    const first = within(card('Phone Screen Fix'));
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByText('৳1,500')).toBeInTheDocument();
    expect(first.getByText('Dhaka')).toBeInTheDocument();
    expect(first.getByText('4.5')).toBeInTheDocument();
    expect(first.getByText('3 bookings')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View Phone Screen Fix' })).toHaveAttribute(
      'href',
      '/services/a/phone-screen-fix',
    );
    expect(first.getByRole('link', { name: 'Edit Phone Screen Fix' })).toHaveAttribute('href', '/add-service?edit=a');
    expect(within(card('Laptop Battery')).getByText('Paused')).toBeInTheDocument();
    expect(within(card('Laptop Battery')).getByRole('button', { name: 'Activate Laptop Battery' })).toBeInTheDocument();
    expect(within(card('TV Repair')).getByText('No reviews yet')).toBeInTheDocument();
  });

  it('says "No reviews yet" for the average, never 0.0, when no service has a review (and in Bangla)', async () => {
    serveProvider(({ path }) => (path === listPath ? json([services[2]]) : undefined));
    render();
    await screen.findByRole('heading', { name: 'TV Repair' });
    expect(stat('Average Rating')).toBe('No reviews yet');
    expect(screen.queryByText('0.0')).not.toBeInTheDocument();
    await setLanguage('bn');
    expect(await screen.findByText('গড় রেটিং')).toBeInTheDocument();
    expect(stat('গড় রেটিং')).toBe('এখনো কোনো রিভিউ নেই');
    expect(screen.queryByText('০.০')).not.toBeInTheDocument();
  });

  it('Pause sends only {status: "paused"} and says "Status Updated"', async () => {
    let list = services;
    const calls = serveProvider(({ method, path, body }) => {
      if (path === listPath) return json(list);
      if (method === 'PUT' && path === '/api/services/a') {
        list = list.map((s) => (s._id === 'a' ? { ...s, status: 'paused' } : s));
        return json({ ...services[0], ...(body as object) });
      }
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Pause Phone Screen Fix' }));
    await waitFor(() =>
      expect(alerts.toast).toHaveBeenCalledWith('Status Updated', expect.any(String), expect.any(Number)),
    );
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ status: 'paused' });
    expect(
      await within(card('Phone Screen Fix')).findByRole('button', { name: 'Activate Phone Screen Fix' }),
    ).toBeInTheDocument();
  });

  it('a failed status change says so', async () => {
    serveProvider(({ method, path }) =>
      path === listPath ? json(services) : method === 'PUT' ? json({ error: 'boom' }, 500) : undefined,
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Activate Laptop Battery' }));
    await waitFor(() =>
      expect(alerts.alertDialog).toHaveBeenCalledWith('Error', 'Unable to update service status. Please try again.'),
    );
  });

  it('Delete asks first; cancelled it sends nothing, confirmed it deletes and says "Deleted!"', async () => {
    let list = services;
    const calls = serveProvider(({ method, path }) => {
      if (path === listPath) return json(list);
      if (method === 'DELETE' && path === '/api/services/c') {
        list = list.filter((s) => s._id !== 'c');
        return json({ message: 'Service deleted.', _id: 'c' });
      }
    });
    const user = userEvent.setup();
    render();
    alerts.confirmDialog.mockResolvedValueOnce(false);
    await user.click(await screen.findByRole('button', { name: 'Delete TV Repair' }));
    await waitFor(() => expect(alerts.confirmDialog).toHaveBeenCalledTimes(1));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete TV Repair' }));
    await waitFor(() => expect(alerts.toast).toHaveBeenCalledWith('Deleted!', expect.any(String), expect.any(Number)));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'TV Repair' })).not.toBeInTheDocument());
  });

  it('a failed delete says so', async () => {
    serveProvider(({ method, path }) =>
      path === listPath ? json(services) : method === 'DELETE' ? json({ error: 'x' }, 500) : undefined,
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Delete TV Repair' }));
    await waitFor(() =>
      expect(alerts.alertDialog).toHaveBeenCalledWith('Error', 'Unable to delete the service. Please try again.'),
    );
  });

  it('shows "No services yet" with Add Your First Service when the list is empty', async () => {
    serveProvider(({ path }) => (path === listPath ? json([]) : undefined));
    render();
    expect(await screen.findByText('No services yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Your First Service' })).toHaveAttribute('href', '/add-service');
    expect(stat('Average Rating')).toBe('No reviews yet');
  });

  it('a failed load shows the error with Retry and an empty list; Retry loads again', async () => {
    let fail = true;
    serveProvider(({ path }) =>
      path === listPath ? (fail ? json({ error: 'Database unavailable' }, 503) : json(services)) : undefined,
    );
    const user = userEvent.setup();
    render();
    const banner = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(within(banner).getByText('Database unavailable')).toBeInTheDocument();
    expect(stat('Total Services')).toBe('0');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Phone Screen Fix' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
