import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Swal from 'sweetalert2';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMessage, seedConversation } from '@/testing/handlers/conversations';
import { callsTo } from '@/testing/server';
import { makeBooking, renderBookedServices, serveBookings } from '@/app/testing/booked-services';

const WORKING = makeBooking({ serviceName: 'Laptop Service', status: 'working', serviceStatus: 'working' });
const DONE = makeBooking({ serviceName: 'TV Repair', status: 'completed', serviceStatus: 'completed' });
const REVIEWED = makeBooking({
  serviceName: 'AC Servicing',
  status: 'completed',
  serviceStatus: 'completed',
  reviewed: true,
});
const ALL = [WORKING, DONE, REVIEWED];

const card = async (name: string) => (await screen.findByRole('heading', { name, level: 2 })).closest('article')!;
const link = (query: string) => `/booked-services?${query}`;

afterEach(() => {
  Swal.close();
});

describe('Booked Services: messages', () => {
  it('gives every card a Messages button with its unread count, opening the conversation', async () => {
    serveBookings(ALL);
    seedConversation(DONE._id, {
      messages: [makeMessage({ body: 'Was everything fine?' }), makeMessage({ body: 'Please review us' })],
      unread: 2,
    });
    renderBookedServices();
    expect(within(await card('Laptop Service')).getByRole('button', { name: 'Messages' })).toBeInTheDocument();
    const button = await within(await card('TV Repair')).findByRole('button', { name: 'Messages, 2 unread' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'TV Repair, with Rahim Uddin' });
    expect(await within(dialog).findByText('Please review us')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(`/api/bookings/${DONE._id}/messages/read`, 'POST')).toHaveLength(1));
  });

  it('follows ?booking=...&chat=1: the card is marked and its conversation opens', async () => {
    serveBookings(ALL);
    seedConversation(WORKING._id, { messages: [makeMessage({ body: 'I need one more part.' })], unread: 1 });
    renderBookedServices(link(`booking=${WORKING._id}&chat=1`));
    const dialog = await screen.findByRole('dialog', { name: 'Laptop Service, with Rahim Uddin' });
    expect(await within(dialog).findByText('I need one more part.')).toBeInTheDocument();
    expect(within(dialog).getByText('New messages')).toBeInTheDocument();
    expect((await card('Laptop Service')).closest('li')).toHaveAttribute('aria-current', 'true');
    expect((await card('TV Repair')).closest('li')).not.toHaveAttribute('aria-current');
  });

  it('opens the conversation of a booking that is not in the list by its id', async () => {
    serveBookings(ALL);
    const elsewhere = '00000000-0000-4000-8000-00000000ffff';
    seedConversation(elsewhere, {
      serviceName: 'Fridge Gas Refill',
      otherName: 'Karim Hossain',
      messages: [makeMessage({ body: 'Old job question' })],
    });
    renderBookedServices(link(`booking=${elsewhere}&chat=1`));
    // The title takes the service's name from the conversation's answer.
    const dialog = await screen.findByRole('dialog', { name: 'Fridge Gas Refill, with Karim Hossain' });
    expect(await within(dialog).findByText('Old job question')).toBeInTheDocument();
  });

  it('follows &review=1 to the review of a completed booking not reviewed yet', async () => {
    serveBookings(ALL);
    renderBookedServices(link(`booking=${DONE._id}&review=1`));
    const dialog = await screen.findByRole('dialog', { name: 'Leave a Review' });
    expect(within(dialog).getByText(/TV Repair/)).toBeInTheDocument();
  });

  it('does not offer a review of a booking already reviewed from a link; it marks the card', async () => {
    serveBookings(ALL);
    renderBookedServices(link(`booking=${REVIEWED._id}&review=1`));
    await waitFor(async () =>
      expect((await card('AC Servicing')).closest('li')).toHaveAttribute('aria-current', 'true'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
