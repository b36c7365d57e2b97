import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { answers, booking, json, statusPuts, serveBoard } from './bookings-test-kit';
import { setLanguage } from '../../lib/i18n';
import { calls } from '../../testing/server';
import { http, HttpResponse } from 'msw';
import * as alerts from '../../lib/__mocks__/alerts';
import { renderRoutes } from '../../testing/render';
import { server } from '../../testing/server';
import BookingsRoute from './bookings';

vi.mock('../../lib/alerts');

const render = () => renderRoutes([{ path: '/bookings', element: <BookingsRoute /> }], '/bookings');

const MINE = [
  booking('pending', {
    serviceName: 'AC Gas Refill',
    providerName: 'Karim Hossain',
    providerEmail: 'karim@meramot.test',
  }),
  booking('completed', {
    serviceName: 'TV Panel Repair',
    providerName: 'Karim Hossain',
    providerEmail: 'karim@meramot.test',
  }),
];
const REQUESTS = [
  booking('accepted', { serviceName: 'Screen Replacement' }),
  booking('working', { serviceName: 'Battery Replacement' }),
  booking('completed', { serviceName: 'Keyboard Repair' }),
];

beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(async () => {
  await act(() => setLanguage('en'));
});

const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

describe('Bookings page', () => {
  it('shows the tabs with counts, the totals and my bookings without provider actions', async () => {
    serveBoard({ user: MINE, provider: REQUESTS });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My Bookings | Meramot'));
    expect(await screen.findByRole('heading', { level: 3, name: 'AC Gas Refill' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Service Requests 3' })).toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'My Bookings 2' })).toHaveAttribute('aria-selected', 'true');

    // Totals: my bookings, requests, and completed across both lists.
    const totals = screen.getByText('Total Bookings').closest('dl') as HTMLElement;
    expect(
      within(totals)
        .getAllByRole('term')
        .map((d) => d.textContent),
    ).toEqual(['Total Bookings', 'Service Requests', 'Completed']);
    expect(
      within(totals)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['2', '3', '2']);

    expect(card('AC Gas Refill')).toHaveTextContent('Provider: Karim Hossain');
    expect(within(card('AC Gas Refill')).getByText('৳4,500')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start Work|Mark Complete/ })).not.toBeInTheDocument();
  });

  it('offers Start Work only on accepted and Mark Complete only on working, sending the status', async () => {
    const user = userEvent.setup();
    serveBoard({ user: MINE, provider: REQUESTS });
    render();
    await user.click(await screen.findByRole('tab', { name: 'Service Requests 3' }));
    await screen.findByRole('heading', { level: 3, name: 'Screen Replacement' });

    expect(within(card('Screen Replacement')).getByRole('button', { name: 'Start Work' })).toBeInTheDocument();
    expect(within(card('Screen Replacement')).queryByRole('button', { name: 'Mark Complete' })).not.toBeInTheDocument();
    expect(within(card('Battery Replacement')).getByRole('button', { name: 'Mark Complete' })).toBeInTheDocument();
    expect(within(card('Battery Replacement')).queryByRole('button', { name: 'Start Work' })).not.toBeInTheDocument();
    expect(
      within(card('Keyboard Repair')).queryByRole('button', { name: /Start Work|Mark Complete/ }),
    ).not.toBeInTheDocument();
    expect(card('Keyboard Repair')).toHaveTextContent('Customer: Rakib Hasan');

    await user.click(within(card('Screen Replacement')).getByRole('button', { name: 'Start Work' }));
    await waitFor(() =>
      expect(alerts.toast).toHaveBeenCalledWith('Status Updated', 'The booking is now Working.', 2000),
    );
    await user.click(within(card('Battery Replacement')).getByRole('button', { name: 'Mark Complete' }));
    await waitFor(() => expect(alerts.toast).toHaveBeenCalledTimes(2));
    expect(statusPuts()).toEqual([
      [`/api/bookings/${REQUESTS[0]!._id}/status`, { status: 'working' }],
      [`/api/bookings/${REQUESTS[1]!._id}/status`, { status: 'completed' }],
    ]);
  });

  it("shows the server's message, or 'Failed to update booking status.' on a failure", async () => {
    const user = userEvent.setup();
    const answer = json(
      { error: 'This booking is completed; a completed booking is final and its status cannot be changed.' },
      409,
    );
    serveBoard({ user: [], provider: REQUESTS, put: () => answer.clone() });
    render();
    await user.click(await screen.findByRole('tab', { name: 'Service Requests 3' }));
    await user.click(await screen.findByRole('button', { name: 'Start Work' }));
    await waitFor(() =>
      expect(alerts.alertDialog).toHaveBeenCalledWith(
        'Update Failed',
        'This booking is completed; a completed booking is final and its status cannot be changed.',
      ),
    );
    server.use(http.put('/api/bookings/:id/status', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Start Work' }));
    await waitFor(() =>
      expect(alerts.alertDialog).toHaveBeenLastCalledWith('Update Failed', 'Failed to update booking status.'),
    );
    expect(alerts.toast).not.toHaveBeenCalled();
  });

  it('opens View Details as a dialog with every booking field', async () => {
    const user = userEvent.setup();
    serveBoard({ user: MINE, provider: REQUESTS });
    render();
    await user.click(await screen.findByRole('button', { name: 'View Details of TV Panel Repair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    const text = dialog.textContent ?? '';
    for (const part of [
      'TV Panel Repair',
      '৳4,500',
      'Dhaka',
      '20 Nov 2026',
      '15 Nov 2026',
      '17 Nov 2026',
      'Completed',
      'Karim Hossain',
      'karim@meramot.test',
      '01819234567',
      '2-3 hours',
      'Please call before coming.',
    ]) {
      expect(text).toContain(part);
    }
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('tab', { name: 'Service Requests 3' }));
    await user.click(await screen.findByRole('button', { name: 'View Details of Screen Replacement' }));
    const request = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(within(request).getByText('Rakib Hasan')).toBeInTheDocument();
    expect(within(request).getByText('rakib@meramot.test')).toBeInTheDocument();
    expect(within(request).getByText('Accepted')).toBeInTheDocument();
  });

  it('shows the empty states with their links', async () => {
    const user = userEvent.setup();
    serveBoard({ user: [], provider: [] });
    render();
    expect(await screen.findByText("You haven't booked any services yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/services');
    await user.click(screen.getByRole('tab', { name: 'Service Requests 0' }));
    expect(await screen.findByText('No one has booked your services yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a Service' })).toHaveAttribute('href', '/add-service');
  });

  it("shows 'Error Loading Bookings' with the spec's message and Retry", async () => {
    const user = userEvent.setup();
    const calls = serveBoard({ user: json({ error: 'Database unavailable' }, 503), provider: [] });
    render();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error Loading Bookings' })).toBeInTheDocument();
    expect(within(alert).getByText('Error: Database unavailable')).toBeInTheDocument();
    const before = calls.length;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });

  it('accepts a pending request: Accept sends it, the lists reload and the card shows the phone', async () => {
    const user = userEvent.setup();
    const pending = booking('pending', { serviceName: 'Fan Repair', customerPhone: null });
    serveBoard({
      user: [],
      provider: [pending],
      answer: (_id, action) => {
        if (action === 'accept')
          Object.assign(pending, { state: 'accepted', contactShared: true, customerPhone: '01712345678' });
        return undefined;
      },
    });
    render();
    await user.click(await screen.findByRole('tab', { name: 'Service Requests 1' }));
    const fan = await screen.findByRole('heading', { level: 3, name: 'Fan Repair' });
    expect(within(card('Fan Repair')).queryByRole('button', { name: 'Start Work' })).toBeNull();
    expect(fan.closest('li')).toHaveTextContent("The customer's phone and address are shared once you accept.");
    const loads = () => calls.filter((c) => c.path.startsWith('/api/bookings/provider/') && c.search === '').length;
    const before = loads();
    await user.click(within(card('Fan Repair')).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
    expect(answers()).toEqual([[`/api/bookings/${pending._id}/accept`, undefined]]);
    expect(await within(card('Fan Repair')).findByRole('link', { name: '01712345678' })).toHaveAttribute(
      'href',
      'tel:01712345678',
    );
    expect(within(card('Fan Repair')).getByText('Accepted', { selector: '.badge' })).toBeInTheDocument();
    expect(within(card('Fan Repair')).getByRole('button', { name: 'Start Work' })).toBeInTheDocument();
  });

  it('declines with a reason asked inline (required, at most 300, counted); the booking moves to the ended tab', async () => {
    const user = userEvent.setup();
    const pending = booking('pending', { serviceName: 'Fan Repair' });
    serveBoard({
      user: [],
      provider: [pending],
      answer: (_id, action, body) => {
        const { reason } = body as { reason: string };
        if (action === 'decline')
          Object.assign(pending, { state: 'declined', declineReason: reason, endedAt: '2026-11-16T10:00:00.000Z' });
        return undefined;
      },
    });
    render();
    await user.click(await screen.findByRole('tab', { name: 'Service Requests 1' }));
    await screen.findByRole('heading', { level: 3, name: 'Fan Repair' });
    const decline = within(card('Fan Repair')).getByRole('button', { name: 'Decline' });
    await user.click(decline);
    expect(decline).toHaveAttribute('aria-expanded', 'true');
    // Inline in the card, not a dialog.
    expect(screen.queryByRole('dialog')).toBeNull();
    const reason = within(card('Fan Repair')).getByLabelText('Why do you decline? The customer will read this.');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('maxlength', '300');
    expect(reason).toHaveAccessibleDescription('0/300 characters');

    await user.click(within(card('Fan Repair')).getByRole('button', { name: 'Decline Booking' }));
    expect(within(card('Fan Repair')).getByRole('alert')).toHaveTextContent(
      'Please tell the customer why you decline.',
    );
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    expect(answers()).toEqual([]);

    await user.type(reason, 'I am away until December.');
    expect(within(card('Fan Repair')).getByText('25/300 characters')).toBeInTheDocument();
    await user.click(within(card('Fan Repair')).getByRole('button', { name: 'Decline Booking' }));
    await waitFor(() =>
      expect(answers()).toEqual([[`/api/bookings/${pending._id}/decline`, { reason: 'I am away until December.' }]]),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Fan Repair' })).toBeNull());
    await user.click(await screen.findByRole('tab', { name: 'Cancelled, declined, expired 1' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Fan Repair' })).toBeInTheDocument();
    expect(card('Fan Repair')).toHaveTextContent('Reason for declining: I am away until December.');
    expect(within(card('Fan Repair')).getByText('Declined', { selector: '.badge' })).toBeInTheDocument();
  });

  it("shows a refused answer inline in the user's language (the server's Bangla sentence, or ours)", async () => {
    const user = userEvent.setup();
    let refuse: Response | undefined = json({ error: 'এই বুকিংটি আগেই গ্রহণ করা হয়েছে।' }, 409);
    serveBoard({
      user: [],
      provider: [booking('pending', { serviceName: 'Fan Repair' })],
      answer: () => refuse?.clone(),
    });
    await act(() => setLanguage('bn'));
    render();
    await user.click(await screen.findByRole('tab', { name: 'সার্ভিসের অনুরোধ ১' }));
    await screen.findByRole('heading', { level: 3, name: 'Fan Repair' });
    await user.click(within(card('Fan Repair')).getByRole('button', { name: 'গ্রহণ করুন' }));
    expect(await within(card('Fan Repair')).findByRole('alert')).toHaveTextContent('এই বুকিংটি আগেই গ্রহণ করা হয়েছে।');
    expect(answers()).toHaveLength(1);
    expect(calls.find((c) => c.path.endsWith('/accept'))!.headers.get('accept-language')).toBe('bn');
    expect(alerts.toast).not.toHaveBeenCalled();

    refuse = Response.error();
    await user.click(within(card('Fan Repair')).getByRole('button', { name: 'প্রত্যাখ্যান করুন' }));
    await user.type(within(card('Fan Repair')).getByRole('textbox'), 'সময় নেই');
    expect(within(card('Fan Repair')).getByText('৮/৩০০ অক্ষর')).toBeInTheDocument();
    await user.click(within(card('Fan Repair')).getByRole('button', { name: 'বুকিং প্রত্যাখ্যান করুন' }));
    expect(await within(card('Fan Repair')).findByText('আপনার উত্তর সেভ হয়নি। আবার চেষ্টা করুন।')).toHaveAttribute(
      'role',
      'alert',
    );
    refuse = undefined;
  });
});
