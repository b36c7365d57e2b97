import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { makePhoto } from '@/testing/fixtures';
import { booking, serveBoard } from '@/testing/provider-bookings';
import { renderRoutes } from '@/testing/render';
import ServiceTodoRoute from './service-todo';

vi.mock('@/lib/alerts');

const render = () => renderRoutes([{ path: '/service-todo', element: <ServiceTodoRoute /> }], '/service-todo');

afterEach(async () => {
  await act(() => setLanguage('en'));
});

const PHOTOS = [makePhoto(), makePhoto()];

describe('Service To-Do: photos of the problem (issue 23)', () => {
  it('shows the request’s photos small on its card; each opens them larger, at that photo', async () => {
    serveBoard({ user: [], provider: [booking('pending', { serviceName: 'Screen Repair', photos: PHOTOS })] });
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole('list', { name: 'Photos of the problem' });
    const thumbs = within(list).getAllByRole('button');
    expect(thumbs.map((b) => b.getAttribute('aria-label'))).toEqual(['Open photo 1 of 2', 'Open photo 2 of 2']);
    expect(thumbs[0]!.querySelector('img')).toHaveAttribute('loading', 'lazy');

    await user.click(thumbs[1]!);
    const viewer = screen.getByRole('dialog', { name: 'Photos of the problem' });
    const carousel = within(viewer).getByRole('region', { name: 'Photos of the problem' });
    expect(carousel.querySelector('[aria-live="polite"]')).toHaveTextContent('Photo 2 of 2');
    expect(
      within(carousel).getAllByRole('img', { name: 'A photo of the problem, sent with the request' }),
    ).toHaveLength(2);
    await user.click(within(viewer).getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog', { name: 'Photos of the problem' })).not.toBeInTheDocument();
    expect(thumbs[1]).toHaveFocus();
  });

  it('shows them in View Details too; closing the viewer leaves the details open', async () => {
    serveBoard({ user: [], provider: [booking('accepted', { serviceName: 'Screen Repair', photos: PHOTOS })] });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'View Details of Screen Repair' }));
    const details = screen.getByRole('dialog', { name: 'Booking Details' });
    const list = within(details).getByRole('list', { name: 'Photos of the problem' });
    await user.click(within(list).getByRole('button', { name: 'Open photo 1 of 2' }));
    const viewer = screen.getByRole('dialog', { name: 'Photos of the problem' });
    await user.click(within(viewer).getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog', { name: 'Photos of the problem' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Booking Details' })).toBeInTheDocument();
  });

  it('shows no photos part for a request without photos', async () => {
    serveBoard({ user: [], provider: [booking('pending', { serviceName: 'Screen Repair' })] });
    render();
    await screen.findByRole('heading', { level: 3, name: 'Screen Repair' });
    expect(screen.queryByRole('list', { name: 'Photos of the problem' })).not.toBeInTheDocument();
  });
});
