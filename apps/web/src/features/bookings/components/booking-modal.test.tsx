import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Swal from 'sweetalert2';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, dhakaDate, type Service, type User } from '@meramot/shared';
import { addTranslations, setLanguage } from '@/lib/i18n';
import bookingTranslations from '@/locales/en/booking.json';
import { apiState, signIn } from '@/testing/api-state';
import { makeBooking, makeService, makeUser } from '@/testing/fixtures';
import { json } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { BookServiceAction } from './book-service-action';

const identity = vi.hoisted(() => ({ currentUser: null as null | { getIdToken(): Promise<string> } }));
vi.mock('@/lib/firebase', () => ({
  getFirebaseAuth: async () => ({ authStateReady: async () => undefined, currentUser: identity.currentUser }),
  firebaseAuthModule: async () => ({ signOut: async () => undefined }),
}));

addTranslations('booking', bookingTranslations, () => import('@/locales/bn/booking.json'));

const SERVICE: Service = makeService({
  serviceDescription: 'Cracked or unresponsive screen? We fit genuine panels in about an hour.',
  servicePrice: 2500,
});

const AYESHA: User = makeUser();

interface Posted {
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/**
 * Signed in as `user`; POST /api/bookings answers with `respond` (default: the shared handler's 201
 * with the booking). Returns the bookings posted, with their headers.
 */
function serveBooking(user: User, respond?: (posted: Posted) => Response | Promise<Response>) {
  signIn(user);
  const posts: Posted[] = [];
  const record = ({ request }: { request: Request }) => {
    if (request.method !== 'POST' || !request.url.endsWith('/api/bookings')) return;
    const posted: Posted = { body: {}, headers: Object.fromEntries(request.headers) };
    posts.push(posted);
    void request
      .clone()
      .json()
      .then((body) => (posted.body = body as Record<string, unknown>));
  };
  server.events.on('request:start', record);
  stopRecording.push(() => server.events.removeListener('request:start', record));
  if (respond) {
    server.use(
      http.post('/api/bookings', async ({ request }) => {
        const body = (await request.clone().json()) as Record<string, unknown>;
        return respond({ body, headers: Object.fromEntries(request.headers) });
      }),
    );
  }
  return posts;
}

const stopRecording: Array<() => void> = [];
afterEach(() => stopRecording.splice(0).forEach((stop) => stop()));

const created = (posted: Posted) => json(makeBooking({ ...posted.body, customerEmail: AYESHA.email }), 201);

function render(service = SERVICE) {
  return renderRoutes(
    [
      { path: '/services/:id', element: <BookServiceAction service={service} /> },
      { path: '/booked-services', element: <h1>Booked list</h1> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    `/services/${service._id}`,
  );
}

/** Book Now opens the modal once its chunk is there (loaded on pointing at the button, or on the click). */
async function openModal() {
  await userEvent.click(await screen.findByRole('button', { name: 'Book Now' }));
  return screen.findByRole('dialog', { name: 'Book This Service' });
}

const confirm = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));

/** Chooses a time window (the date defaults to tomorrow: every window is offered). */
const chooseWindow = (dialog: HTMLElement, name: RegExp = /^Evening/) =>
  userEvent.click(within(dialog).getByRole('radio', { name }));

afterEach(async () => {
  Swal.close();
  vi.useRealTimers();
  await act(() => setLanguage('en'));
});

describe('Booking modal', () => {
  it('sums the service up in a few lines, then the date (from today in Asia/Dhaka, tomorrow by default)', async () => {
    serveBooking(AYESHA);
    render();
    const dialog = await openModal();
    const summary = dialog.querySelector('dl')!;
    expect(summary).toHaveAccessibleName('Booking summary');
    for (const text of [
      'Smartphone Screen Replacement',
      '৳2,500',
      'Rahim Uddin',
      '(rahim@meramot.test)',
      'Ayesha Siddiqua',
      '(ayesha@meramot.test)',
    ]) {
      expect(within(summary).getByText(text)).toBeInTheDocument();
    }
    // No read-only inputs any more: the first field is the date.
    expect(dialog.querySelectorAll('input[readonly]')).toHaveLength(0);
    const date = within(dialog).getByLabelText('Service Date');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('min', dhakaDate());
    expect(date).toHaveValue(addDays(dhakaDate(), 1));
    expect(within(dialog).getByLabelText(/Special Instruction/)).toHaveValue('');
  });

  it('offers three windows with their hours, none chosen, and where the work happens (the shop by default)', async () => {
    serveBooking(AYESHA);
    render();
    const dialog = await openModal();
    const windows = within(dialog).getByRole('group', { name: 'Time window' });
    const radios = within(windows).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['morning', 'afternoon', 'evening']);
    expect(within(windows).getByRole('radio', { name: 'Morning 09:00–12:00' })).toBeEnabled();
    expect(within(windows).getByRole('radio', { name: 'Afternoon 12:00–16:00' })).toBeEnabled();
    expect(within(windows).getByRole('radio', { name: 'Evening 16:00–21:00' })).toBeEnabled();
    radios.forEach((r) => expect(r).not.toBeChecked());
    const where = within(dialog).getByRole('group', { name: 'Where should the repair happen?' });
    expect(within(where).getByRole('radio', { name: 'At the shop' })).toBeChecked();
    expect(within(dialog).queryByLabelText('Address')).not.toBeInTheDocument();
  });

  it('disables the windows that have passed or start within two hours (today at 13:30 in Dhaka)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T07:30:00.000Z'));
    serveBooking(AYESHA);
    render();
    const dialog = await openModal();
    const date = within(dialog).getByLabelText('Service Date');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-21');
    expect(within(dialog).getByRole('radio', { name: /^Morning/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /^Afternoon/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /^Evening/ })).toBeEnabled();
  });

  it("cuts the windows to the provider's hours and offers only the place the provider works at", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T07:30:00.000Z'));
    serveBooking(AYESHA);
    render(
      makeService({
        bookingTerms: {
          weeklyHours: [{ day: 0, from: '10:00', to: '19:00' }],
          defaultHours: false,
          jobMinutes: 90,
          workLocation: 'shop',
          shopAddress: 'Shop 4, Multiplan Center',
        },
      }),
    );
    const dialog = await openModal();
    const date = within(dialog).getByLabelText('Service Date');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-29'); // a Sunday
    expect(within(dialog).getByRole('radio', { name: 'Morning 10:00–12:00' })).toBeEnabled();
    expect(within(dialog).getByRole('radio', { name: 'Evening 16:00–19:00' })).toBeEnabled();
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-30'); // a Monday: no hours
    for (const radio of within(dialog).getAllByRole('radio', { name: /^(Morning|Afternoon|Evening)/ })) {
      expect(radio).toBeDisabled();
    }
    const where = within(dialog).getByRole('group', { name: 'Where should the repair happen?' });
    expect(
      within(where)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['shop']);
  });

  it('says inline, with the focus on the date, that a date is needed; no dialog, nothing sent', async () => {
    const posts = serveBooking(AYESHA);
    render();
    const dialog = await openModal();
    await chooseWindow(dialog);
    const date = within(dialog).getByLabelText('Service Date');
    await userEvent.clear(date);
    await confirm(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Please select a service date.');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription('Please select a service date.');
    expect(date).toHaveFocus();
    expect(screen.queryByText('Date Required')).not.toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('requires a window, with the focus on the first one', async () => {
    const posts = serveBooking(AYESHA);
    render();
    const dialog = await openModal();
    await confirm(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please choose a time window.');
    expect(within(dialog).getByRole('radio', { name: /^Morning/ })).toHaveFocus();
    expect(posts).toHaveLength(0);
  });

  it('asks for an address (at most 300, counted) and a Bangladeshi mobile for work at my place, and sends them', async () => {
    const posts = serveBooking(AYESHA, created);
    render();
    const dialog = await openModal();
    await chooseWindow(dialog);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'At my place' }));
    const address = within(dialog).getByLabelText('Address');
    const phone = within(dialog).getByLabelText('Phone number');
    expect(address).toHaveAttribute('maxlength', '300');
    await confirm(dialog);
    expect(await within(dialog).findByText('Please enter the address where the repair should happen.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(within(dialog).getByText('Please enter a phone number the provider can call.')).toBeInTheDocument();
    expect(address).toHaveFocus();
    expect(posts).toHaveLength(0);

    await userEvent.type(address, 'House 12, Road 5, Dhanmondi');
    expect(within(dialog).getByText('27/300 characters')).toBeInTheDocument();
    await userEvent.type(phone, '12345');
    await confirm(dialog);
    expect(
      await within(dialog).findByText('Please enter a Bangladeshi mobile number, e.g. 01712345678'),
    ).toBeInTheDocument();
    expect(phone).toHaveFocus();
    await userEvent.clear(phone);
    await userEvent.type(phone, '০১৭১১-২২২৩৩৩');
    await confirm(dialog);
    expect(await screen.findByText('Booking Successful!')).toBeInTheDocument();
    expect(posts[0]!.body).toMatchObject({
      window: 'evening',
      location: 'customer',
      address: 'House 12, Road 5, Dhanmondi',
      customerPhone: '01711222333',
    });
  });

  it('speaks Bangla: the windows in Bengali digits and the errors', async () => {
    await act(() => setLanguage('bn'));
    serveBooking(AYESHA);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'এখনই বুক করুন' }));
    const dialog = screen.getByRole('dialog', { name: 'সার্ভিসটি বুক করুন' });
    const windows = within(dialog).getByRole('group', { name: 'সময়' });
    expect(within(windows).getByRole('radio', { name: 'সকাল ০৯:০০–১২:০০' })).toBeInTheDocument();
    expect(within(windows).getByRole('radio', { name: 'সন্ধ্যা ১৬:০০–২১:০০' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'আমার ঠিকানায়' })).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('সার্ভিসের তারিখ'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'বুকিং নিশ্চিত করুন' }));
    expect(await within(dialog).findByText('সার্ভিসের একটি তারিখ বেছে নিন।')).toBeInTheDocument();
    expect(within(dialog).getByText('একটি সময় বেছে নিন।')).toBeInTheDocument();
  });

  it('shows Processing..., books, shows Booking Successful! and opens /booked-services after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const posts = serveBooking(AYESHA, async (posted) => {
      await held;
      return created(posted);
    });
    const { router } = render();
    const dialog = await openModal();
    within(dialog)
      .getByLabelText(/Special Instruction/)
      .focus();
    await userEvent.paste('Top of the screen is cracked.');
    await chooseWindow(dialog);
    await confirm(dialog);

    const busy = await within(dialog).findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(posts[0]!.body).toMatchObject({
      serviceId: SERVICE._id,
      serviceTakingDate: addDays(dhakaDate(), 1),
      specialInstruction: 'Top of the screen is cracked.',
      window: 'evening',
      location: 'shop',
    });
    // Only the fields the server uses: it takes the rest from the service and the token.
    expect(Object.keys(posts[0]!.body).sort()).toEqual([
      'location',
      'serviceId',
      'serviceTakingDate',
      'specialInstruction',
      'window',
    ]);
    expect(posts[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);

    release();
    expect(await screen.findByText('Booking Successful!')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your booking has been sent. The provider will accept or decline it; once accepted you can call each other.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Book This Service' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/services/${SERVICE._id}`);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(router.state.location.pathname).toBe(`/services/${SERVICE._id}`);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booked-services'));
  });

  it('sends the photos of the problem with the request, by their ids (optional, at most 4)', async () => {
    const posts = serveBooking(AYESHA, created);
    render();
    const dialog = await openModal();
    const photos = await within(dialog).findByRole('group', { name: 'Photos of the problem (optional)' });
    expect(photos).toHaveAccessibleDescription(/help the provider see the problem/);
    expect(within(photos).getByText('0 of 4 photos')).toBeInTheDocument();
    const file = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });
    await userEvent.upload(within(photos).getByLabelText('Add photos', { selector: 'input' }), [
      file('screen.jpg'),
      file('back.jpg'),
    ]);
    await waitFor(() => expect(within(photos).getAllByRole('img')).toHaveLength(2));
    // No cover among a request's photos.
    expect(within(photos).queryByText('Cover')).not.toBeInTheDocument();
    await chooseWindow(dialog);
    await confirm(dialog);
    await waitFor(() => expect(posts).toHaveLength(1));
    const ids = apiState.photos.map((p) => p.id);
    expect(ids).toHaveLength(2);
    await waitFor(() => expect(posts[0]!.body.photoIds).toEqual(expect.arrayContaining(ids)));
    expect(posts[0]!.body.photoIds).toHaveLength(2);
  });

  it('on a 401 refreshes the session once and books with the new token and the same Idempotency-Key', async () => {
    identity.currentUser = { getIdToken: async () => 'fresh-id-token' };
    let answered = 0;
    const posts = serveBooking(AYESHA, (posted) =>
      answered++ === 0 ? json({ error: 'Authentication required' }, 401) : created(posted),
    );
    render();
    const dialog = await openModal();
    await chooseWindow(dialog);
    await confirm(dialog);
    expect(await screen.findByText('Booking Successful!')).toBeInTheDocument();
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers.authorization).toBe('Bearer session-token');
    expect(posts[1]!.headers.authorization).toBe('Bearer new-session-token');
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
  });

  it("answers another failure with Booking Failed and the server's message", async () => {
    serveBooking(AYESHA, () =>
      json({ error: 'This service is paused by its provider and cannot be booked right now.' }, 409),
    );
    render();
    const dialog = await openModal();
    await chooseWindow(dialog);
    await confirm(dialog);
    expect(await screen.findByText('Booking Failed')).toBeInTheDocument();
    expect(
      screen.getByText('This service is paused by its provider and cannot be booked right now.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();
  });

  it('replaces Book Now with a disabled button on your own service (e-mail matched case-insensitively)', async () => {
    serveBooking({ ...AYESHA, email: 'Rahim@Meramot.test' });
    render();
    expect(await screen.findByRole('button', { name: 'You cannot book your own service' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });
});
