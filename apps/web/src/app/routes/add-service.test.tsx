import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePhoto, makeService } from '@/testing/fixtures';
import * as alerts from '@/lib/__mocks__/alerts';
import { renderRoutes } from '@/testing/render';
import AddServiceRoute from './add-service';
import { addPhoto, json, PROVIDER, serveProvider } from '@/testing/provider-services';

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
  await chooseDistrict(user, 'Sylhet');
  return addPhoto(user, 'keyboard.jpg');
}

/** Chooses the district (issue 24) in its combobox, once the places are loaded. */
async function chooseDistrict(user: ReturnType<typeof userEvent.setup>, name: string) {
  await waitFor(() => expect(field('District')).toBeEnabled());
  await user.click(field('District'));
  await user.click(within(screen.getByLabelText(/^Districts of/)).getByRole('option', { name }));
}

beforeEach(() => {
  Object.values(alerts).forEach((f) => f.mockClear());
});
afterEach(() => {
  window.localStorage.clear();
});

describe('Add / Edit service', () => {
  it('prefills the provider from the signed-in user, with a read-only name and e-mail and the 8 areas', async () => {
    serveProvider(() => undefined);
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Service' })).toBeInTheDocument();
    // The server takes the profile's name and photo: the name is shown, not typed, and no photo address.
    expect(field('Provider Name')).toHaveValue('Rahim Uddin');
    expect(field('Provider Name')).toHaveAttribute('readonly');
    expect(field('Provider Name')).toHaveAccessibleDescription('Your profile name; change it on your Profile page.');
    expect(field('Provider Email')).toHaveValue('rahim@meramot.test');
    expect(field('Provider Email')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText(/Provider Image/)).not.toBeInTheDocument();
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
    // Photos are uploaded (issue 23): no image address is typed for a new service.
    expect(screen.queryByLabelText(/Service Image URL/)).not.toBeInTheDocument();
    const photos = screen.getByRole('group', { name: 'Service Photos' });
    expect(photos).toHaveAccessibleDescription(/The first photo is the cover/);
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeInTheDocument();
    expect(screen.getByText('0 of 8 photos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Service' })).toBeInTheDocument();
  });

  it.each([null, 'data:image/png;base64,AAAA'])(
    'falls back to the e-mail name when the user has no display name, and sends no photo for %s',
    async (photoURL) => {
      const calls = serveProvider(
        ({ method, path, body }) =>
          method === 'POST' && path === '/api/services'
            ? json(makeService({ ...(body as object), _id: 'new-1' }), 201)
            : undefined,
        { ...PROVIDER, displayName: null, photoURL },
      );
      const user = userEvent.setup();
      const { router } = render();
      await screen.findByRole('heading', { name: 'Add Service' });
      expect(field('Provider Name')).toHaveValue('rahim');
      expect(field('Provider Name')).toHaveAttribute('readonly');
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Add Service' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/manage-services'));
      const post = calls.find((c) => c.method === 'POST' && c.path === '/api/services')!;
      // The spec's API requires the name; a photo that is not a web address is not sent.
      expect(post.body).toMatchObject({ providerName: 'rahim' });
      expect(post.body).not.toHaveProperty('providerImage');
    },
  );

  it("requires every field, a photo, a price of at least 100, an area and a district, never the provider's name", async () => {
    const calls = serveProvider(() => undefined, { ...PROVIDER, displayName: null });
    const user = userEvent.setup();
    render();
    await screen.findByRole('heading', { name: 'Add Service' });
    // Read-only: typing into it changes nothing.
    await user.type(field('Provider Name'), 'Someone Else');
    expect(field('Provider Name')).toHaveValue('rahim');
    await user.click(screen.getByRole('button', { name: 'Add Service' }));

    expect(await screen.findByText('Service Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Price (৳) is required')).toBeInTheDocument();
    expect(screen.getByText('Area is required')).toBeInTheDocument();
    expect(screen.getByText('District is required')).toBeInTheDocument();
    expect(screen.getByText('Add at least one photo of your service.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add photos' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Provider Name is required')).not.toBeInTheDocument();
    expect(field('Provider Name')).not.toHaveAttribute('aria-invalid');
    expect(field('Service Name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(field('Service Name'), 'TV');
    await user.type(field('Price (৳)'), '99');
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('Price must be at least 100')).toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid URL')).not.toBeInTheDocument();
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
    const photo = await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: 'Beanibazar' }));
    const second = await addPhoto(user, 'keys.jpg');
    await user.click(screen.getByRole('button', { name: 'Add Service' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-services'));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/services')!;
    expect(post.body).toMatchObject({
      serviceName: 'Laptop Keyboard Replacement',
      servicePrice: 1500,
      serviceArea: 'Sylhet',
      serviceDistrict: 'sylhet',
      serviceAreas: ['sylhet/beanibazar'],
      providerName: 'Rahim Uddin',
      providerImage: 'https://example.com/rahim.webp',
      // The photos in order: the first is the cover, which the server makes the serviceImage.
      photoIds: [photo.id, second.id],
    });
    // The provider comes from the token: the spec's compatibility fields are not sent; the image is the cover.
    for (const field of ['providerEmail', 'createdAt', 'updatedAt', 'imageURL', 'serviceImage'])
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
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/services')!.body).toMatchObject({
        servicePrice: 2500,
      });
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
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/services')).toBe(false);
  });

  it("shows the spec message with the server's reason when saving fails, and stays", async () => {
    serveProvider(({ method, path }) =>
      method === 'POST' && path === '/api/services'
        ? json({ error: 'servicePrice: Price must be at most 10000000' }, 400)
        : undefined,
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

  it('asks for a photo (focus on Add photos) when it is the only thing missing, and waits for uploads', async () => {
    let release: () => void = () => undefined;
    const calls = serveProvider(({ method, path }) =>
      method === 'POST' && path === '/api/photos'
        ? new Promise<Response>((resolve) => (release = () => resolve(json(makePhoto(), 201))))
        : undefined,
    );
    const user = userEvent.setup();
    render();
    await screen.findByRole('heading', { name: 'Add Service' });
    await user.type(field('Service Name'), 'Laptop Keyboard Replacement');
    await user.type(field('Description'), 'Sticky or dead keys? We replace the whole keyboard in a day.');
    await user.type(field('Price (৳)'), '1500');
    await user.selectOptions(field('Area'), 'Sylhet');
    await chooseDistrict(user, 'Sylhet');
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('Add at least one photo of your service.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add photos' })).toHaveFocus();

    // While a photo uploads, saving waits for it.
    await user.upload(
      screen.getByLabelText('Add photos', { selector: 'input' }),
      new File(['x'], 'k.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByRole('progressbar', { name: 'Uploading k.jpg' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('Wait until the photos have finished uploading.')).toBeInTheDocument();
    release();
    await screen.findByRole('img', { name: 'Photo 1, the cover' });
    expect(screen.queryByText('Wait until the photos have finished uploading.')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/services')).toBe(false);
  });

  it('edit mode: loads the service’s photos in order and PUTs them reordered, the new cover first', async () => {
    const [a, b] = [makePhoto(), makePhoto()];
    const service = makeService({
      providerEmail: PROVIDER.email,
      photos: [a!, b!],
      serviceImage: a!.url,
      serviceDistrict: 'dhaka',
    });
    const calls = serveProvider(({ method, path, body }) => {
      if (path !== `/api/services/${service._id}`) return undefined;
      return json(method === 'GET' ? service : { ...service, ...(body as object) });
    });
    const user = userEvent.setup();
    const { router } = render(`/add-service?edit=${service._id}`);
    const cover = await screen.findByRole('img', { name: 'Photo 1, the cover' });
    expect(cover).toHaveAttribute('src', a!.url);
    expect(field('Provider Name')).toHaveValue(service.providerName);
    expect(field('Provider Name')).toHaveAttribute('readonly');
    expect(screen.getByRole('img', { name: 'Photo 2' })).toHaveAttribute('src', b!.url);
    expect(screen.queryByText('Current image')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Update Service' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-services'));
    const put = calls.find((c) => c.method === 'PUT')!;
    // The provider's name and photo (a site path, which the API's URL check accepts) as the service has them.
    expect(put.body).toMatchObject({
      photoIds: [b!.id, a!.id],
      providerName: service.providerName,
      providerImage: service.providerImage,
    });
    expect(put.body).not.toHaveProperty('serviceImage');
  });

  it('edit mode: a service of all its photos removed must have one again before it is saved', async () => {
    const service = makeService({ providerEmail: PROVIDER.email, photos: [makePhoto()] });
    const calls = serveProvider(({ method, path }) =>
      method === 'GET' && path === `/api/services/${service._id}` ? json(service) : undefined,
    );
    const user = userEvent.setup();
    render(`/add-service?edit=${service._id}`);
    await user.click(await screen.findByRole('button', { name: 'Remove photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Update Service' }));
    expect(await screen.findByText('Add at least one photo of your service.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('edit mode: shows "Loading service data...", then the service with Update Service, and PUTs it', async () => {
    const service = makeService({
      providerEmail: PROVIDER.email,
      status: 'paused',
      serviceDistrict: 'dhaka',
      serviceAreas: ['dhaka/mirpur'],
    });
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
    await waitFor(() => expect(field('District')).toHaveValue('Dhaka'));
    await user.clear(field('Price (৳)'));
    await user.type(field('Price (৳)'), '2000');

    // A service from before photos shows its image address, which it keeps while it has no photos.
    expect(screen.getByRole('img', { name: 'Current image of Smartphone Screen Replacement' })).toHaveAttribute(
      'src',
      service.serviceImage,
    );
    expect(screen.getByText(/It stays until you add photos/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Service' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-services'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      servicePrice: 2000,
      serviceName: 'Smartphone Screen Replacement',
      serviceImage: service.serviceImage,
      photoIds: [],
      // Its place as it was.
      serviceDistrict: 'dhaka',
      serviceAreas: ['dhaka/mirpur'],
    });
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
