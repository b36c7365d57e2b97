import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Swal from 'sweetalert2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, dhakaDate, type Booking, type Service, type User } from '@meramot/shared';
import { makeService } from '../../../testing/fixtures';
import { json } from '../../../testing/http';
import { renderRoutes } from '../../../testing/render';
import { BookServiceAction } from './book-service-action';

// A loaded machine can be slow: give lazy imports and renders time (tests still fail on wrong output).
configure({ asyncUtilTimeout: 5000 });

const SERVICE: Service = makeService({
  serviceDescription: 'Cracked or unresponsive screen? We fit genuine panels in about an hour.',
  servicePrice: 2500,
});

const AYESHA: User = {
  id: '6c1f0a52-1111-4c8e-9a55-0d3a3c1b2f10',
  uid: 'demo-ayesha',
  email: 'ayesha@meramot.test',
  displayName: 'Ayesha Siddiqua',
  photoURL: null,
  phone: null,
  emailVerified: true,
  createdAt: '2026-11-01T08:00:00.000Z',
  lastLoginAt: '2026-11-21T08:00:00.000Z',
};

function bookingFrom(body: Record<string, unknown>): Booking {
  return {
    _id: '47464bc1-bb50-4c34-b0a2-9e0141766173', serviceId: SERVICE._id, serviceName: SERVICE.serviceName,
    serviceImage: SERVICE.serviceImage, price: 2500, servicePrice: 2500, providerName: 'Rahim Uddin',
    providerEmail: 'rahim@meramot.test', providerPhone: '01711345678', providerImage: null, serviceArea: 'Dhaka',
    status: 'pending', serviceStatus: 'pending', bookedAt: '2026-11-21T11:48:51.049Z', startedAt: null,
    completedAt: null, estimatedTime: '2-3 hours', specialInstruction: String(body.specialInstruction ?? ''),
    customerNotes: String(body.specialInstruction ?? ''), serviceTakingDate: String(body.serviceTakingDate),
    userName: 'Ayesha Siddiqua', customerName: 'Ayesha Siddiqua', userEmail: AYESHA.email, customerEmail: AYESHA.email,
    reviewed: false, serviceDeleted: false,
  };
}

interface Posted {
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** Signed in as `user`; POST /api/bookings answers with `answer` (default: 201 with the booking). */
function stubApi(user: User, answer?: (posted: Posted) => Response | Promise<Response>) {
  window.localStorage.setItem('meramot-token', 'session-token');
  const posts: Posted[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/auth/verify') return json({ valid: true, user });
      if (path === '/api/bookings' && init?.method === 'POST') {
        const posted = { body: JSON.parse(String(init.body)), headers: init.headers as Record<string, string> };
        posts.push(posted);
        return answer ? answer(posted) : json(bookingFrom(posted.body), 201);
      }
      return json({ error: 'Not found' }, 404);
    }),
  );
  return posts;
}

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

const confirm = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => {
  Swal.close();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Booking modal', { timeout: 30_000 }, () => {
  it('shows the read-only fields, a date from today (Asia/Dhaka) defaulting to tomorrow', async () => {
    stubApi(AYESHA);
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
    const posts = stubApi(AYESHA);
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
    const posts = stubApi(AYESHA, async (posted) => {
      await held;
      return json(bookingFrom(posted.body), 201);
    });
    const { router } = render();
    const dialog = await openModal();
    within(dialog).getByLabelText(/Special Instruction/).focus();
    await userEvent.paste('Top of the screen is cracked.');
    await confirm(dialog);

    const busy = await within(dialog).findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(posts[0]!.body).toMatchObject({
      serviceId: SERVICE._id,
      serviceTakingDate: addDays(dhakaDate(), 1),
      specialInstruction: 'Top of the screen is cracked.',
      serviceName: SERVICE.serviceName,
      providerEmail: SERVICE.providerEmail,
      userEmail: AYESHA.email,
      price: 2500,
      status: 'pending',
      serviceStatus: 'pending',
    });
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

  it('answers 401 with Authentication Failed and keeps the modal open, reusing its Idempotency-Key', async () => {
    const posts = stubApi(AYESHA, () => json({ error: 'Authentication required' }, 401));
    render();
    const dialog = await openModal();
    await confirm(dialog);
    expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
    expect(screen.getByText('Please log out and log in again to refresh your session.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Book This Service' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await confirm(dialog);
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
  });

  it("answers another failure with Booking Failed and the server's message", async () => {
    stubApi(AYESHA, () => json({ error: 'This service is paused by its provider and cannot be booked right now.' }, 409));
    render();
    const dialog = await openModal();
    await confirm(dialog);
    expect(await screen.findByText('Booking Failed')).toBeInTheDocument();
    expect(screen.getByText('This service is paused by its provider and cannot be booked right now.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();
  });

  it('replaces Book Now with a disabled button on your own service (e-mail matched case-insensitively)', async () => {
    stubApi({ ...AYESHA, email: 'Rahim@Meramot.test' });
    render();
    expect(await screen.findByRole('button', { name: 'You cannot book your own service' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('asks a visitor to log in first', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ error: 'Not found' }, 404)));
    const { router } = render();
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Login Required')).toBeInTheDocument();
    expect(screen.getByText('Please login to book this service.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Book This Service' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: `/services/${SERVICE._id}` } });
  });
});
