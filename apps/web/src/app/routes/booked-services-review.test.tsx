import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Swal from 'sweetalert2';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Booking } from '@meramot/shared';
import { json, makeBooking, renderBookedServices, serveBookings, type Call } from '@/app/testing/booked-services';

const DONE = makeBooking({ serviceName: 'TV Repair', status: 'completed', serviceStatus: 'completed' });

async function openReview() {
  const article = (await screen.findByRole('heading', { name: 'TV Repair', level: 2 })).closest('article')!;
  await userEvent.click(within(article).getByRole('button', { name: 'Leave Review' }));
  return screen.getByRole('dialog', { name: 'Leave a Review' });
}

const submit = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
const comment = (dialog: HTMLElement) => within(dialog).getByLabelText('Your review');

// An alert closed by the last test gives focus back 100 ms later: let that happen while the page
// still exists, not after the test environment is gone ("HTMLElement is not defined").
afterAll(() => new Promise((resolve) => setTimeout(resolve, 200)));

afterEach(() => {
  Swal.close();
  window.localStorage.clear();
});

describe('Review dialog', () => {
  it('offers five stars with none chosen, and the title "Review for {service}"', async () => {
    serveBookings([DONE]);
    renderBookedServices();
    const dialog = await openReview();
    const stars = within(dialog).getByRole('group', { name: 'Rating' });
    const radios = within(stars).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(within(stars).getByRole('radio', { name: '5 - Excellent' })).not.toBeChecked();
    radios.forEach((r) => expect(r).not.toBeChecked());
    const title = within(dialog).getByLabelText('Review title (optional)');
    expect(title).toHaveAttribute('placeholder', 'Review for TV Repair');
    expect(title).toHaveAttribute('maxlength', '100');
  });

  it('asks for a star when none is chosen, and sends nothing', async () => {
    const calls = serveBookings([DONE]);
    renderBookedServices();
    const dialog = await openReview();
    await userEvent.type(comment(dialog), 'Quick and friendly repair.');
    await submit(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please choose a rating: 1 to 5 stars.');
    expect(calls.filter((c) => c.path === '/api/reviews')).toHaveLength(0);
  });

  it('validates the comment: empty, 9 characters, 501 characters', async () => {
    const calls = serveBookings([DONE]);
    renderBookedServices();
    const dialog = await openReview();
    await submit(dialog);
    expect(await within(dialog).findByText('Please write a review comment')).toBeInTheDocument();
    await userEvent.type(comment(dialog), '123456789');
    await submit(dialog);
    expect(await within(dialog).findByText('Review comment must be at least 10 characters long')).toBeInTheDocument();
    fireEvent.input(comment(dialog), { target: { value: 'x'.repeat(501) } });
    await submit(dialog);
    expect(await within(dialog).findByText('Review comment must be at most 500 characters long')).toBeInTheDocument();
    expect(comment(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.path === '/api/reviews')).toHaveLength(0);
  });

  it('submits, shows Review Submitted! and then the booking as Reviewed', async () => {
    let reviewed = false;
    const posts: Call[] = [];
    serveBookings(
      () => [{ ...DONE, reviewed } satisfies Booking],
      (call) => {
        if (call.path === '/api/reviews' && call.method === 'POST') {
          posts.push(call);
          reviewed = true;
          return json({ _id: 'r1' }, 201);
        }
      },
    );
    renderBookedServices();
    const dialog = await openReview();
    await userEvent.click(within(dialog).getByRole('radio', { name: '4 - Good' }));
    await userEvent.type(comment(dialog), 'Quick and friendly repair.');
    await submit(dialog);
    expect(await screen.findByText('Review Submitted!')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    // The booking decides the service, provider and customer: only the review's own fields go.
    expect(posts[0]!.body).toEqual({
      bookingId: DONE._id,
      rating: 4,
      title: 'Review for TV Repair',
      comment: 'Quick and friendly repair.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave a Review' })).toBeNull());
    expect(await screen.findByText('Reviewed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave Review' })).toBeNull();
  });

  it('keeps the dialog open with the spec message when the review fails', async () => {
    serveBookings([DONE], (call) =>
      call.path === '/api/reviews' ? json({ error: 'Server exploded' }, 500) : undefined,
    );
    renderBookedServices();
    const dialog = await openReview();
    await userEvent.type(within(dialog).getByLabelText('Review title (optional)'), 'Great');
    await userEvent.click(within(dialog).getByRole('radio', { name: '5 - Excellent' }));
    await userEvent.type(comment(dialog), 'Quick and friendly repair.');
    await submit(dialog);
    expect(await screen.findByText('Unable to submit your review. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Leave a Review' })).toBeInTheDocument();
    expect(comment(dialog)).toHaveValue('Quick and friendly repair.');
  });

  it('shows the server reason on 409', async () => {
    serveBookings([DONE], (call) =>
      call.path === '/api/reviews' ? json({ error: 'You have already reviewed this booking.' }, 409) : undefined,
    );
    renderBookedServices();
    const dialog = await openReview();
    await userEvent.click(within(dialog).getByRole('radio', { name: '5 - Excellent' }));
    await userEvent.type(comment(dialog), 'Quick and friendly repair.');
    await submit(dialog);
    expect(await screen.findByText('You have already reviewed this booking.')).toBeInTheDocument();
  });
});

describe('the review on the booking', () => {
  const REVIEWED = makeBooking({
    serviceName: 'TV Repair',
    status: 'completed',
    serviceStatus: 'completed',
    reviewed: true,
    review: {
      id: 'r9',
      rating: 4,
      title: 'Good fix',
      comment: 'Came on time and fixed the panel.',
      createdAt: '2026-11-24T10:00:00.000Z',
      editedAt: null,
      editableUntil: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    },
  });

  it('shows it on the card, and edits it within 7 days with PUT, starting from what was written', async () => {
    const puts: Call[] = [];
    serveBookings([REVIEWED], (call) => {
      if (call.path === '/api/reviews/r9' && call.method === 'PUT') {
        puts.push(call);
        return json({ _id: 'r9' }, 200);
      }
    });
    renderBookedServices();
    const article = (await screen.findByRole('heading', { name: 'TV Repair', level: 2 })).closest('article')!;
    expect(within(article).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(article).getByText('Came on time and fixed the panel.')).toBeInTheDocument();
    await userEvent.click(within(article).getByRole('button', { name: 'Edit Review' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Your Review' });
    expect(within(dialog).getByRole('radio', { name: '4 - Good' })).toBeChecked();
    expect(comment(dialog)).toHaveValue('Came on time and fixed the panel.');
    await userEvent.click(within(dialog).getByRole('radio', { name: '5 - Excellent' }));
    await submit(dialog);
    // The same toast as a new review, once the edit is saved (awaited, so no alert outlives the test).
    expect(await screen.findByText('Review Submitted!')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({ rating: 5, title: 'Good fix', comment: 'Came on time and fixed the panel.' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Your Review' })).toBeNull());
  });

  it('offers no edit after 7 days', async () => {
    serveBookings([{ ...REVIEWED, review: { ...REVIEWED.review!, editableUntil: '2026-11-01T00:00:00.000Z' } }]);
    renderBookedServices();
    const article = (await screen.findByRole('heading', { name: 'TV Repair', level: 2 })).closest('article')!;
    expect(within(article).getByText('Came on time and fixed the panel.')).toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Edit Review' })).toBeNull();
  });
});
