import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeMessage, seedConversation } from '@/testing/handlers/conversations';
import { renderRoutes } from '@/testing/render';
import { booking, serveBoard } from '@/testing/provider-bookings';
import ServiceTodoRoute from './service-todo';

vi.mock('@/lib/alerts');

const REQUESTS = [
  booking('pending', { serviceName: 'Screen Replacement' }),
  booking('working', { serviceName: 'Battery Replacement' }),
];
const [SCREEN, BATTERY] = REQUESTS as [(typeof REQUESTS)[0], (typeof REQUESTS)[0]];
const DECLINED = booking('declined', { serviceName: 'Fan Repair', declineReason: 'No parts.' });

const renderTodo = (url = '/service-todo') =>
  renderRoutes([{ path: '/service-todo', element: <ServiceTodoRoute /> }], url);
const card = async (name: string) =>
  (await screen.findByRole('heading', { level: 3, name })).closest('li') as HTMLElement;

describe('Service To-Do: messages and links', () => {
  it('gives every request a Messages button with its unread count, opening the conversation', async () => {
    serveBoard({ user: [], provider: REQUESTS });
    seedConversation(BATTERY._id, {
      otherName: 'Rakib Hasan',
      messages: [makeMessage({ body: 'Any news?', authorName: 'Rakib Hasan' })],
      unread: 1,
    });
    renderTodo();
    expect(within(await card('Screen Replacement')).getByRole('button', { name: 'Messages' })).toBeInTheDocument();
    await userEvent.click(
      await within(await card('Battery Replacement')).findByRole('button', { name: 'Messages, 1 unread' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Battery Replacement, with Rakib Hasan' });
    expect(await within(dialog).findByText('Any news?')).toBeInTheDocument();
  });

  it('follows ?booking=...&chat=1: the card is marked and its conversation opens', async () => {
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
    expect(await card('Screen Replacement')).not.toHaveAttribute('aria-current');
    // Read on opening: the badge goes.
    await waitFor(() => expect(within(linked).getByRole('button', { name: 'Messages' })).toBeInTheDocument());
  });

  it('follows ?booking= of a new request to its card (marked, with Accept at hand), no dialog over it', async () => {
    serveBoard({ user: [], provider: REQUESTS });
    renderTodo(`/service-todo?booking=${SCREEN._id}`);
    const linked = await card('Screen Replacement');
    await waitFor(() => expect(linked).toHaveAttribute('aria-current', 'true'));
    expect(within(linked).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('follows ?booking= of an ended request to the ended tab', async () => {
    serveBoard({ user: [], provider: [...REQUESTS, DECLINED] });
    renderTodo(`/service-todo?booking=${DECLINED._id}`);
    const linked = await card('Fan Repair');
    expect(screen.getByRole('tab', { name: /^Cancelled, declined, expired/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(linked).toHaveAttribute('aria-current', 'true'));
    expect(linked).toHaveTextContent('Reason for declining: No parts.');
  });
});
