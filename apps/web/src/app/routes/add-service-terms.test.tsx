import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import * as alerts from '@/lib/__mocks__/alerts';
import { makeService } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import AddServiceRoute from './add-service';
import { addPhoto, json, serveProvider } from '@/testing/provider-services';

// The whole form (photos, place, seven days of hours) is typed into role by role: jsdom's role
// queries over it take many seconds when the full suite shares two cores.
vi.setConfig({ testTimeout: 60_000 });

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
const group = (name: string) => screen.getByRole('group', { name });

async function fillService(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Service Name'), 'AC Servicing');
  await user.type(field('Description'), 'Gas refill, cleaning and a check of the compressor, at home or at the shop.');
  await user.type(field('Price (৳)'), '2500');
  await user.selectOptions(field('Area'), 'Dhaka');
  // A district of few areas: fewer checkboxes on the form for the role queries below to go through.
  await chooseDistrict(user, 'Gazipur');
  await addPhoto(user, 'ac.jpg');
}

/** Chooses the district (issue 24) in its combobox, once the places are loaded. */
async function chooseDistrict(user: ReturnType<typeof userEvent.setup>, name: string) {
  await waitFor(() => expect(field('District')).toBeEnabled());
  await user.click(field('District'));
  await user.click(within(screen.getByLabelText(/^Districts of/)).getByRole('option', { name }));
}

const servePost = () =>
  serveProvider(({ method, path, body }) =>
    method === 'POST' && path === '/api/services'
      ? json(makeService({ ...(body as object), _id: 'new-1' }), 201)
      : undefined,
  );

const posted = (calls: ReturnType<typeof servePost>) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/services');

beforeEach(() => {
  Object.values(alerts).forEach((f) => f.mockClear());
});
afterEach(async () => {
  window.localStorage.clear();
  await act(() => setLanguage('en'));
});

describe('Add / Edit service: when you work', () => {
  it('starts a new service at every day 09:00–21:00, Saturday first, Either, and sends them', async () => {
    const calls = servePost();
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByRole('heading', { name: 'Add Service' });
    const days = within(group('Days and hours')).getAllByRole('checkbox');
    expect(days.map((d) => d.closest('label')!.textContent)).toEqual([
      'Saturday',
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
    ]);
    days.forEach((d) => expect(d).toBeChecked());
    expect(field('Saturday From')).toHaveValue('09:00');
    expect(field('Friday To')).toHaveValue('21:00');
    expect(within(group('Where the work happens')).getByRole('radio', { name: 'Either' })).toBeChecked();
    expect(field('Hours')).toHaveValue('');
    expect(field(/^Shop address/)).toHaveValue('');

    await fillService(user);
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-services'));
    expect(posted(calls)[0]!.body).toMatchObject({
      weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '09:00', to: '21:00' })),
      jobMinutes: null,
      workLocation: 'either',
      shopAddress: null,
    });
  });

  it('sends the days ticked with their hours, the job length in minutes, the shop and its address', async () => {
    const calls = servePost();
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByRole('heading', { name: 'Add Service' });
    await fillService(user);
    for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'])
      await user.click(screen.getByRole('checkbox', { name: day }));
    await user.click(screen.getByRole('checkbox', { name: 'Thursday' }));
    expect(field('Friday From')).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
    expect(field('Friday From')).toBeDisabled();
    await user.clear(field('Saturday From'));
    await user.type(field('Saturday From'), '10:00');
    await user.clear(field('Thursday To'));
    await user.type(field('Thursday To'), '18:30');
    await user.type(field('Hours'), '১');
    await user.type(field('Minutes'), '30');
    await user.click(screen.getByRole('radio', { name: 'At my shop' }));
    await user.type(field(/^Shop address/), '  Shop 12, Multiplan Center, Dhaka ');
    await user.click(screen.getByRole('button', { name: 'Add Service' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-services'));
    expect(posted(calls)[0]!.body).toMatchObject({
      weeklyHours: [
        { day: 4, from: '09:00', to: '18:30' },
        { day: 6, from: '10:00', to: '21:00' },
      ],
      jobMinutes: 90,
      workLocation: 'shop',
      shopAddress: 'Shop 12, Multiplan Center, Dhaka',
    });
  });

  it("hides the shop address for work at the customer's place and sends none", async () => {
    const calls = servePost();
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByRole('heading', { name: 'Add Service' });
    await fillService(user);
    await user.type(field(/^Shop address/), 'Old shop');
    await user.click(screen.getByRole('radio', { name: "At the customer's place" }));
    expect(screen.queryByLabelText(/^Shop address/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-services'));
    expect(posted(calls)[0]!.body).toMatchObject({ workLocation: 'customer', shopAddress: null });
  });

  it('requires a day, a closing time after the opening one and a job length in range: inline, focused, nothing sent', async () => {
    const calls = servePost();
    const user = userEvent.setup();
    render();
    await screen.findByRole('heading', { name: 'Add Service' });
    await fillService(user);
    for (const box of within(group('Days and hours')).getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(
      await screen.findByText('Choose at least one day you work, or customers cannot book this service.'),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('checkbox', { name: 'Saturday' })).toHaveFocus();

    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    expect(screen.queryByText(/Choose at least one day/)).toBeNull();
    await user.clear(field('Monday To'));
    await user.type(field('Monday To'), '08:00');
    await user.type(field('Minutes'), '10');
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('On Monday, the closing time must be later than the opening time.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(field('Monday To')).toHaveFocus();
    expect(field('Monday To')).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText("Enter the job's length in whole hours and minutes, from 15 minutes to 7 days."),
    ).toBeInTheDocument();
    expect(posted(calls)).toHaveLength(0);
  });

  it("shows the terms errors together with the other fields' errors", async () => {
    const calls = servePost();
    const user = userEvent.setup();
    render();
    await screen.findByRole('heading', { name: 'Add Service' });
    for (const box of within(group('Days and hours')).getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('Service Name is required')).toBeInTheDocument();
    expect(screen.getByText(/Choose at least one day you work/)).toBeInTheDocument();
    expect(field('Service Name')).toHaveFocus();
    expect(posted(calls)).toHaveLength(0);
  });

  it('prefills an edited service from its bookingTerms and PUTs them', async () => {
    const service = makeService({
      _id: 'svc-terms',
      providerEmail: 'rahim@meramot.test',
      serviceDistrict: 'dhaka',
      bookingTerms: {
        weeklyHours: [
          { day: 1, from: '10:00', to: '18:00' },
          { day: 3, from: '14:00', to: '20:00' },
        ],
        defaultHours: false,
        jobMinutes: 150,
        workLocation: 'customer',
        shopAddress: null,
      },
    });
    const calls = serveProvider(({ method, path, body }) => {
      if (method === 'GET' && path === `/api/services/${service._id}`) return json(service);
      if (method === 'PUT') return json({ ...service, ...(body as object) });
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = render(`/add-service?edit=${service._id}`);
    await screen.findByRole('button', { name: 'Update Service' });
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(field('Monday From')).toHaveValue('10:00');
    expect(field('Wednesday To')).toHaveValue('20:00');
    expect(screen.getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
    expect(field('Sunday From')).toBeDisabled();
    expect(field('Hours')).toHaveValue('2');
    expect(field('Minutes')).toHaveValue('30');
    expect(screen.getByRole('radio', { name: "At the customer's place" })).toBeChecked();
    expect(screen.queryByLabelText(/^Shop address/)).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Either' }));
    expect(field(/^Shop address/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Update Service' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-services'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      weeklyHours: [
        { day: 1, from: '10:00', to: '18:00' },
        { day: 3, from: '14:00', to: '20:00' },
      ],
      jobMinutes: 150,
      workLocation: 'either',
      shopAddress: null,
    });
  });

  it('prefills a service on the default hours (defaultHours) as every day 09:00–21:00, with its shop address', async () => {
    const service = makeService({
      _id: 'svc-default',
      bookingTerms: {
        weeklyHours: [],
        defaultHours: true,
        jobMinutes: null,
        workLocation: 'shop',
        shopAddress: 'Shop 4, Bashundhara City',
      },
    });
    serveProvider(({ method, path }) =>
      method === 'GET' && path === `/api/services/${service._id}` ? json(service) : undefined,
    );
    render(`/add-service?edit=${service._id}`);
    await screen.findByRole('button', { name: 'Update Service' });
    within(group('Days and hours'))
      .getAllByRole('checkbox')
      .forEach((d) => expect(d).toBeChecked());
    expect(screen.getByRole('radio', { name: 'At my shop' })).toBeChecked();
    expect(field(/^Shop address/)).toHaveValue('Shop 4, Bashundhara City');
    expect(field('Hours')).toHaveValue('');
  });

  it('in Bangla: the fieldset, the days (Saturday first) and the no-day error in Bengali', async () => {
    const calls = servePost();
    await act(() => setLanguage('bn'));
    const user = userEvent.setup();
    render();
    const legend = await screen.findByText('কখন কাজ করেন');
    expect(legend.tagName).toBe('LEGEND');
    const days = within(group('দিন ও সময়')).getAllByRole('checkbox');
    expect(days[0]!.closest('label')).toHaveTextContent('শনিবার');
    expect(days[6]!.closest('label')).toHaveTextContent('শুক্রবার');
    expect(screen.getByRole('radio', { name: 'আমার দোকানে' })).toBeInTheDocument();
    for (const box of days) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'সার্ভিস যোগ করুন' }));
    expect(
      await screen.findByText('অন্তত একটি কাজের দিন বেছে নিন, নইলে গ্রাহক এই সার্ভিসটি বুক করতে পারবেন না।'),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByText(/^যে গ্রাহক ডিভাইস নিয়ে আসবেন তিনি এটি দেখবেন। ০\/৩০০ অক্ষর$/)).toBeInTheDocument();
    expect(posted(calls)).toHaveLength(0);
  });
});
