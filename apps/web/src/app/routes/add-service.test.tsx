import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeService } from '@/testing/fixtures';
import * as alerts from '@/lib/__mocks__/alerts';
import { renderRoutes } from '@/testing/render';
import AddServiceRoute from './add-service';
import { json, PROVIDER, serveProvider } from '@/testing/provider-services';

vi.mock('@/lib/alerts');

const render = (url = '/add-service') =>
  renderRoutes(
    [
      { path: '/add-service', element: <AddServiceRoute /> },
      { path: '/manage-services', element: <p>Manage page</p> },
    ],
    url,
  );

const field = (name: string | RegExp) => screen.getByLabelText(name);

async function fillValid(user: ReturnType<typeof userEvent.setup>, price = '1500') {
  await user.type(field('Service Name'), 'Laptop Keyboard Replacement');
  await user.type(field('Description'), 'Sticky or dead keys? We replace the whole keyboard in a day.');
  await user.type(field('Price (৳)'), price);
  await user.selectOptions(field('Area'), 'Sylhet');
  await user.type(field('Service Image URL'), 'https://example.com/keyboard.webp');
}

beforeEach(() => {
  Object.values(alerts).forEach((f) => f.mockClear());
});
afterEach(() => {
  window.localStorage.clear();
});

describe('Add / Edit service', () => {
  it('prefills the provider from the signed-in user, with a read-only e-mail and the 8 areas', async () => {
    serveProvider(() => undefined);
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Service' })).toBeInTheDocument();
    expect(field('Provider Name')).toHaveValue('Rahim Uddin');
    expect(field('Provider Email')).toHaveValue('rahim@meramot.test');
    expect(field('Provider Email')).toHaveAttribute('readonly');
    expect(field(/Provider Image URL/)).toHaveValue('https://example.com/rahim.webp');
    const options = Array.from((field('Area') as HTMLSelectElement).options).map((o) => o.textContent);
    expect(options).toEqual([
      'Select area',
      'Dhaka',
      'Chittagong',
      'Rajshahi',
      'Khulna',
      'Barisal',
      'Sylhet',
      'Rangpur',
      'Mymensingh',
    ]);
    expect(field('Area')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Add Service' })).toBeInTheDocument();
  });

  it('falls back to the e-mail name when the user has no display name', async () => {
    serveProvider(() => undefined, { ...PROVIDER, displayName: null, photoURL: null });
    render();
    await screen.findByRole('heading', { name: 'Add Service' });
    expect(field('Provider Name')).toHaveValue('rahim');
    expect(field(/Provider Image URL/)).toHaveValue('');
  });

  it('requires every field but the provider image, a price of at least 100, URLs and an area', async () => {
    const calls = serveProvider(() => undefined, { ...PROVIDER, displayName: null });
    const user = userEvent.setup();
    render();
    await screen.findByRole('heading', { name: 'Add Service' });
    await user.clear(field('Provider Name'));
    await user.click(screen.getByRole('button', { name: 'Add Service' }));

    expect(await screen.findByText('Service Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Price (৳) is required')).toBeInTheDocument();
    expect(screen.getByText('Area is required')).toBeInTheDocument();
    expect(screen.getByText('Service Image URL is required')).toBeInTheDocument();
    expect(screen.getByText('Provider Name is required')).toBeInTheDocument();
    expect(screen.queryByText(/Provider Image URL is required/)).not.toBeInTheDocument();
    expect(field('Service Name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(field('Service Name'), 'TV');
    await user.type(field('Price (৳)'), '99');
    await user.type(field('Service Image URL'), 'not a url');
    await user.clear(field(/Provider Image URL/));
    await user.type(field(/Provider Image URL/), 'also-bad');
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    await waitFor(() => expect(screen.getAllByText('Please enter a valid URL')).toHaveLength(2));
    expect(screen.getByText('Price must be at least 100')).toBeInTheDocument();
    expect(screen.getByText('Service name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Area is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adds the service, says "Service Added" and goes to Manage Services', async () => {
    const calls = serveProvider(({ method, path, body }) =>
      method === 'POST' && path === '/api/services'
        ? json(makeService({ ...(body as object), _id: 'new-1' }), 201)
        : undefined,
    );
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByRole('heading', { name: 'Add Service' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Service' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-services'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      serviceName: 'Laptop Keyboard Replacement',
      servicePrice: 1500,
      serviceArea: 'Sylhet',
      providerName: 'Rahim Uddin',
      providerImage: 'https://example.com/rahim.webp',
    });
    // The provider comes from the token: the spec's compatibility fields are not sent.
    for (const field of ['providerEmail', 'createdAt', 'updatedAt', 'imageURL'])
      expect(post.body).not.toHaveProperty(field);
    expect(alerts.toast).toHaveBeenCalledWith('Service Added', expect.any(String), expect.any(Number));
  });

  it.each(['৳২,৫০০', '৳ 2,500', '২৫০০', '2500', '2,500 ৳'])(
    'reads the price %s as ৳2,500: the taka sign, spaces and grouping commas in either digit set',
    async (price) => {
      const calls = serveProvider(({ method, path, body }) =>
        method === 'POST' && path === '/api/services'
          ? json(makeService({ ...(body as object), _id: 'new-1' }), 201)
          : undefined,
      );
      const user = userEvent.setup();
      const { router } = render();
      await screen.findByRole('heading', { name: 'Add Service' });
      await fillValid(user, price);
      await user.click(screen.getByRole('button', { name: 'Add Service' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/manage-services'));
      expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ servicePrice: 2500 });
    },
  );

  it.each(['৳abc', '2,5', '৳ ২৫,০'])('refuses the garbage price %s with "Price must be a number"', async (price) => {
    const calls = serveProvider(() => undefined);
    const user = userEvent.setup();
    render();
    await screen.findByRole('heading', { name: 'Add Service' });
    await fillValid(user, price);
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('Price must be a number')).toBeInTheDocument();
    expect(field('Price (৳)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the spec message with the server's reason when saving fails, and stays", async () => {
    serveProvider(({ method }) =>
      method === 'POST' ? json({ error: 'servicePrice: Price must be at most 10000000' }, 400) : undefined,
    );
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByRole('heading', { name: 'Add Service' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    await waitFor(() => expect(alerts.alertDialog).toHaveBeenCalled());
    expect(alerts.alertDialog).toHaveBeenCalledWith(
      'Error',
      expect.stringContaining('There was an error saving your service. Please try again.'),
    );
    expect(router.state.location.pathname).toBe('/add-service');
  });

  it('edit mode: shows "Loading service data...", then the service with Update Service, and PUTs it', async () => {
    const service = makeService({ providerEmail: PROVIDER.email, status: 'paused' });
    let answer: (r: Response) => void = () => undefined;
    const calls = serveProvider(({ method, path, body }) => {
      if (path !== `/api/services/${service._id}`) return undefined;
      if (method === 'GET') return new Promise<Response>((resolve) => (answer = resolve));
      return json({ ...service, ...(body as object) });
    });
    const user = userEvent.setup();
    const { router } = render(`/add-service?edit=${service._id}`);
    expect(await screen.findByRole('heading', { name: 'Edit Service' })).toBeInTheDocument();
    expect(await screen.findByText('Loading service data...')).toBeInTheDocument();
    answer(json(service));

    expect(await screen.findByRole('button', { name: 'Update Service' })).toBeInTheDocument();
    expect(field('Service Name')).toHaveValue('Smartphone Screen Replacement');
    expect(field('Price (৳)')).toHaveValue('125000');
    expect(field('Area')).toHaveValue('Dhaka');
    await user.clear(field('Price (৳)'));
    await user.type(field('Price (৳)'), '2000');
    await user.click(screen.getByRole('button', { name: 'Update Service' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-services'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ servicePrice: 2000, serviceName: 'Smartphone Screen Replacement' });
    expect(alerts.toast).toHaveBeenCalledWith('Service Updated', expect.any(String), expect.any(Number));
  });

  it('edit mode: a failed load gives "Error Loading Service" and goes to Manage Services', async () => {
    serveProvider(() => json({ error: 'Service not found' }, 404));
    const { router } = render('/add-service?edit=missing');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-services'));
    expect(alerts.alertDialog).toHaveBeenCalledWith(
      'Error Loading Service',
      'Unable to load service data for editing.',
    );
  });

  it("edit mode: someone else's service is not editable", async () => {
    const service = makeService({ providerEmail: 'karim@meramot.test' });
    serveProvider(({ path }) => (path === `/api/services/${service._id}` ? json(service) : undefined));
    const { router } = render(`/add-service?edit=${service._id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-services'));
    expect(alerts.alertDialog).toHaveBeenCalledWith(
      'Error Loading Service',
      'Unable to load service data for editing.',
    );
  });
});
