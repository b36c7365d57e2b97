import { addDays, dhakaDate, windowOn, type BookingProposal } from '@meramot/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../testing/render';
import BookingsRoute from './bookings';
import { booking, serveBoard } from './bookings-test-kit';

vi.mock('../../lib/alerts');

const render = () => renderRoutes([{ path: '/bookings', element: <BookingsRoute /> }], '/bookings');

const date = addDays(dhakaDate(), 2);
const w = windowOn(date, 'afternoon', null)!;
const OPEN: BookingProposal = {
  id: 'p1',
  by: 'customer',
  window: { name: 'afternoon', date, from: w.from, to: w.to, start: w.start.toISOString(), end: w.end.toISOString() },
  status: 'open',
  createdAt: '2026-11-21T08:00:00.000Z',
  answeredAt: null,
};

describe('Bookings: another time', () => {
  it('on my booking: "Waiting for an answer" on the card, the history alone in View Details', async () => {
    const user = userEvent.setup();
    // The board's user booked this one (side "mine": the customer), so the proposal is theirs.
    const mine = booking('accepted', { serviceName: 'TV Panel Repair', proposals: [OPEN] });
    serveBoard({ user: [mine], provider: [] });
    render();
    const card = (await screen.findByRole('heading', { level: 3, name: 'TV Panel Repair' })).closest('article')!;
    expect(within(card).getByText(/Waiting for an answer\.$/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Accept new time' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Propose another time' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'View Details of TV Panel Repair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    const history = within(dialog).getByRole('list', { name: 'Other times proposed' });
    expect(history).toHaveTextContent(/^Proposed by you: .*Afternoon 12:00–16:00 — open$/);
    // Read only: the answers and the form are on the card, not in the dialog.
    expect(within(dialog).queryByRole('button', { name: 'Propose another time' })).toBeNull();
  });
});
