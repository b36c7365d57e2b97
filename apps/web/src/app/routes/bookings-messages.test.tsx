import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeMessage, seedConversation } from '../../testing/handlers/conversations';
import { renderRoutes } from '../../testing/render';
import { booking, serveBoard } from './bookings-test-kit';
import BookingsRoute from './bookings';
import ServiceTodoRoute from './service-todo';

vi.mock('../../lib/alerts');

const MINE = [
  booking('pending', {
    serviceName: 'AC Gas Refill',
    providerName: 'Karim Hossain',
    providerEmail: 'karim@meramot.test',
  }),
];
const REQUESTS = [
  booking('pending', { serviceName: 'Screen Replacement' }),
  booking('working', { serviceName: 'Battery Replacement' }),
];
const [SCREEN, BATTERY] = REQUESTS as [(typeof REQUESTS)[0], (typeof REQUESTS)[0]];

const renderBookings = (url = '/bookings') => renderRoutes([{ path: '/bookings', element: <BookingsRoute /> }], url);
const renderTodo = (url = '/service-todo') =>
  renderRoutes([{ path: '/service-todo', element: <ServiceTodoRoute /> }], url);
const card = async (name: string) =>
  (await screen.findByRole('heading', { level: 3, name })).closest('li') as HTMLElement;

describe('Bookings: messages', () => {
  it('gives the requests and my bookings a Messages button with the unread count', async () => {
    serveBoard({ user: MINE, provider: REQUESTS });
    seedConversation(BATTERY._id, {
      otherName: 'Rakib Hasan',
      messages: [makeMessage({ body: 'Any news?', authorName: 'Rakib Hasan' })],
      unread: 1,
    });
    renderBookings();
    expect(within(await card('AC Gas Refill')).getByRole('button', { name: 'Messages' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /^Service Requests/ }));
    await userEvent.click(
      await within(await card('Battery Replacement')).findByRole('button', { name: 'Messages, 1 unread' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Battery Replacement, with Rakib Hasan' });
    expect(await within(dialog).findByText('Any news?')).toBeInTheDocument();
  });

  it('follows ?booking= of a request: its tab and its details', async () => {
    serveBoard({ user: MINE, provider: REQUESTS });
    renderBookings(`/bookings?booking=${SCREEN._id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(within(dialog).getByText('Screen Replacement')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Service Requests/ })).toHaveAttribute('aria-selected', 'true');
    expect(await card('Screen Replacement')).toHaveAttribute('aria-current', 'true');
  });

  it('follows ?booking=...&chat=1 to the conversation, on the requests tab', async () => {
    serveBoard({ user: MINE, provider: REQUESTS });
    seedConversation(SCREEN._id, { otherName: 'Rakib Hasan', messages: [makeMessage({ body: 'Is 5 pm fine?' })] });
    renderBookings(`/bookings?booking=${SCREEN._id}&chat=1`);
    const dialog = await screen.findByRole('dialog', { name: 'Screen Replacement, with Rakib Hasan' });
    expect(await within(dialog).findByText('Is 5 pm fine?')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Service Requests/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('dialog', { name: 'Booking Details' })).toBeNull();
  });
});

describe('Service To-Do: messages', () => {
  it('gives every request a Messages button and follows ?booking=...&chat=1', async () => {
    serveBoard({ user: [], provider: REQUESTS });
    seedConversation(BATTERY._id, {
      otherName: 'Rakib Hasan',
      messages: [makeMessage({ body: 'Thank you!' })],
      unread: 1,
    });
    renderTodo(`/service-todo?booking=${BATTERY._id}&chat=1`);
    const dialog = await screen.findByRole('dialog', { name: 'Battery Replacement, with Rakib Hasan' });
    expect(await within(dialog).findByText('Thank you!')).toBeInTheDocument();
    const linked = await card('Battery Replacement');
    expect(linked).toHaveAttribute('aria-current', 'true');
    expect(within(await card('Screen Replacement')).getByRole('button', { name: 'Messages' })).toBeInTheDocument();
    // Read on opening: the badge goes.
    await waitFor(() => expect(within(linked).getByRole('button', { name: 'Messages' })).toBeInTheDocument());
  });
});
