import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Swal from 'sweetalert2';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, dhakaDate, type Service, type User } from '@meramot/shared';
import { signIn } from '../../../testing/api-state';
import { makeBooking, makeService, makeUser } from '../../../testing/fixtures';
import { json } from '../../../testing/http';
import { renderRoutes } from '../../../testing/render';
import { server } from '../../../testing/server';
import { BookServiceAction } from './book-service-action';

const identity = vi.hoisted(() => ({ currentUser: null as null | { getIdToken(): Promise<string> } }));
vi.mock('../../../lib/firebase', () => ({
  getFirebaseAuth: async () => ({ authStateReady: async () => undefined, currentUser: identity.currentUser }),
  firebaseAuthModule: async () => ({ signOut: async () => undefined }),
}));

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
    void request.clone().json().then((body) => (posted.body = body as Record<string, unknown>));
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

async function openModal() {
  await userEvent.click(await screen.findByRole('button', { name: 'Book Now' }));
  return screen.getByRole('dialog', { name: 'Book This Service' });
}

const confirm = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));

afterEach(() => {
  Swal.close();
  vi.useRealTimers();
});

describe('Booking modal', () => {
  it('shows the read-only fields, a date from today (Asia/Dhaka) defaulting to tomorrow', async () => {
    serveBooking(AYESHA);
    render();
    const dialog = await openModal();
    for (const [label, value] of [
      ['Service Name', 'Smartphone Screen Replacement'],
      ['Price', '৳2,500'],
      ['Provider Name', 'Rahim Uddin'],
      ['Provider Email', 'rahim@meramot.test'],
      ['Your Name', 'Ayesha Siddiqua'],
      ['Your Email', 'ayesha@meramot.test'],
    ]) {
      const input = within(dialog).getByLabelText(label!);
      expect(input).toHaveValue(value);
      expect(input).toHaveAttribute('readonly');
    }
    const date = within(dialog).getByLabelText('Service Date');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('min', dhakaDate());
    expect(date).toHaveValue(addDays(dhakaDate(), 1));
    expect(within(dialog).getByLabelText(/Special Instruction/)).toHaveValue('');
  });

  it('asks for a date with the Date Required dialog and sends nothing', async () => {
    const posts = serveBooking(AYESHA);
    render();
    const dialog = await openModal();
    await userEvent.clear(within(dialog).getByLabelText('Service Date'));
    await confirm(dialog);
    expect(await screen.findByText('Date Required')).toBeInTheDocument();
    expect(screen.getByText('Please select a service date.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
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
    await confirm(dialog);

    const busy = await within(dialog).findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(posts[0]!.body).toMatchObject({
      serviceId: SERVICE._id,
      serviceTakingDate: addDays(dhakaDate(), 1),
      specialInstruction: 'Top of the screen is cracked.',
    });
    // Only the fields the server uses: it takes the rest from the service and the token.
    expect(Object.keys(posts[0]!.body).sort()).toEqual(['serviceId', 'serviceTakingDate', 'specialInstruction']);
    expect(posts[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);

    release();
    expect(await screen.findByText('Booking Successful!')).toBeInTheDocument();
    expect(
      screen.getByText('Your service has been booked successfully. The provider will contact you soon.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Book This Service' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/services/${SERVICE._id}`);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(router.state.location.pathname).toBe(`/services/${SERVICE._id}`);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booked-services'));
  });

  it('on a 401 refreshes the session once and books with the new token and the same Idempotency-Key', async () => {
    identity.currentUser = { getIdToken: async () => 'fresh-id-token' };
    let answered = 0;
    const posts = serveBooking(AYESHA, (posted) =>
      answered++ === 0 ? json({ error: 'Authentication required' }, 401) : created(posted),
    );
    render();
    const dialog = await openModal();
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
