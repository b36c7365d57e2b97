import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Swal from 'sweetalert2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@meramot/shared';
import { json, makeBooking, renderBookedServices, stubApi, type Call } from './test-helpers';

configure({ asyncUtilTimeout: 5000 });

const DONE = makeBooking({ serviceName: 'TV Repair', status: 'completed', serviceStatus: 'completed' });

async function openReview() {
  const article = (await screen.findByRole('heading', { name: 'TV Repair', level: 2 })).closest('article')!;
  await userEvent.click(within(article).getByRole('button', { name: 'Leave Review' }));
  return screen.getByRole('dialog', { name: 'Leave a Review' });
}

const submit = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
const comment = (dialog: HTMLElement) => within(dialog).getByLabelText('Your review');

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => {
  Swal.close();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('Review dialog', { timeout: 30_000 }, () => {
  it('defaults to rating 5 with the five options, and the title to "Review for {service}"', async () => {
    stubApi([DONE]);
    renderBookedServices();
    const dialog = await openReview();
    const rating = within(dialog).getByLabelText('Rating');
    expect(rating).toHaveValue('5');
    expect(within(rating).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '5 - Excellent',
      '4 - Good',
      '3 - Average',
      '2 - Poor',
      '1 - Very Poor',
    ]);
    const title = within(dialog).getByLabelText('Review title (optional)');
    expect(title).toHaveAttribute('placeholder', 'Review for TV Repair');
    expect(title).toHaveAttribute('maxlength', '100');
  });

  it('validates the comment: empty, 9 characters, 501 characters', async () => {
    const calls = stubApi([DONE]);
    renderBookedServices();
    const dialog = await openReview();
    await submit(dialog);
    expect(await within(dialog).findByText('Please write a review comment')).toBeInTheDocument();
    await userEvent.type(comment(dialog), '123456789');
    await submit(dialog);
    expect(await within(dialog).findByText('Review comment must be at least 10 characters long')).toBeInTheDocument();
    fireEvent.change(comment(dialog), { target: { value: 'x'.repeat(501) } });
    await submit(dialog);
    expect(await within(dialog).findByText('Review comment must be at most 500 characters long')).toBeInTheDocument();
    expect(comment(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.path === '/api/reviews')).toHaveLength(0);
  });

  it('submits, shows Review Submitted! and then the booking as Reviewed', async () => {
    let reviewed = false;
    const posts: Call[] = [];
    stubApi(
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
    await userEvent.selectOptions(within(dialog).getByLabelText('Rating'), '4');
    await userEvent.type(comment(dialog), 'Quick and friendly repair.');
    await submit(dialog);
    expect(await screen.findByText('Review Submitted!')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      bookingId: DONE._id,
      rating: 4,
      title: 'Review for TV Repair',
      comment: 'Quick and friendly repair.',
      serviceId: DONE.serviceId,
      serviceName: 'TV Repair',
      providerEmail: 'rahim@meramot.test',
      customerEmail: 'ayesha@meramot.test',
    });
    expect(typeof (posts[0]!.body as { reviewDate: unknown }).reviewDate).toBe('string');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave a Review' })).toBeNull());
    expect(await screen.findByText('Reviewed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave Review' })).toBeNull();
  });

  it('keeps the dialog open with the spec message when the review fails', async () => {
    stubApi([DONE], (call) => (call.path === '/api/reviews' ? json({ error: 'Server exploded' }, 500) : undefined));
    renderBookedServices();
    const dialog = await openReview();
    await userEvent.type(within(dialog).getByLabelText('Review title (optional)'), 'Great');
    await userEvent.type(comment(dialog), 'Quick and friendly repair.');
    await submit(dialog);
    expect(await screen.findByText('Unable to submit your review. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Leave a Review' })).toBeInTheDocument();
    expect(comment(dialog)).toHaveValue('Quick and friendly repair.');
  });

  it('shows the server reason on 409', async () => {
    stubApi([DONE], (call) =>
      call.path === '/api/reviews' ? json({ error: 'You have already reviewed this booking.' }, 409) : undefined,
    );
    renderBookedServices();
    const dialog = await openReview();
    await userEvent.type(comment(dialog), 'Quick and friendly repair.');
    await submit(dialog);
    expect(await screen.findByText('You have already reviewed this booking.')).toBeInTheDocument();
  });
});
