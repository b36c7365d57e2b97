import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { answers, booking, json, statusPuts, serveBoard } from '@/testing/provider-bookings';
import { setLanguage } from '@/lib/i18n';
import * as alerts from '@/lib/__mocks__/alerts';
import { calls, server } from '@/testing/server';
import { http, HttpResponse } from 'msw';
import { renderRoutes } from '@/testing/render';
import ServiceTodoRoute from './service-todo';

vi.mock('@/lib/alerts');

const render = () => renderRoutes([{ path: '/service-todo', element: <ServiceTodoRoute /> }], '/service-todo');

const REQUESTS = [
  booking('pending', {
    serviceName: 'Screen <b>Replacement</b>',
    customerName: 'Ayesha Siddiqua',
    customerEmail: 'ayesha@meramot.test',
  }),
  booking('accepted', {
    serviceName: 'Charging Port Repair',
    specialInstruction: '',
    customerNotes: '',
    customerPhone: '01712345678',
    location: 'customer',
    address: 'Flat 3B, Road 7, Dhanmondi',
  }),
  booking('working', { serviceName: 'Battery Replacement' }),
  booking('completed', { serviceName: 'Keyboard Repair' }),
];

beforeEach(() => {
  vi.clearAllMocks();
  alerts.confirmDialog.mockResolvedValue(true);
});
afterEach(async () => {
  await act(() => setLanguage('en'));
});

const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

describe('Service To-Do', () => {
  it('shows the stats, filters by status and the card fields with a mailto link', async () => {
    const user = userEvent.setup();
    serveBoard({ user: [], provider: REQUESTS });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Service To-Do' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Service To-Do | Meramot'));
    await screen.findByRole('heading', { level: 3, name: 'Keyboard Repair' });

    const stats = screen.getByText('Total').closest('dl') as HTMLElement;
    expect(
      within(stats)
        .getAllByRole('term')
        .map((d) => d.textContent),
    ).toEqual(['Total', 'Pending', 'Accepted', 'Working', 'Completed']);
    expect(
      within(stats)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['4', '1', '1', '1', '1']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All 4',
      'Pending 1',
      'Accepted 1',
      'Working 1',
      'Completed 1',
      'Cancelled, declined, expired 0',
    ]);

    const first = card('Screen <b>Replacement</b>');
    for (const text of [
      'Ayesha Siddiqua',
      'ayesha@meramot.test',
      '20 Nov 2026',
      '15 Nov 2026',
      'Please call before coming.',
    ]) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    expect(within(card('Charging Port Repair')).getByText('None')).toBeInTheDocument();
    const mail = within(first).getByRole('link', { name: 'Email Ayesha Siddiqua about Screen <b>Replacement</b>' });
    expect(mail).toHaveTextContent('Email Customer');
    expect(mail).toHaveAttribute(
      'href',
      `mailto:ayesha@meramot.test?subject=${encodeURIComponent('Your Meramot booking: Screen <b>Replacement</b>')}`,
    );

    await user.click(screen.getByRole('tab', { name: 'Working 1' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Battery Replacement']);
    await user.click(screen.getByRole('tab', { name: 'Completed 1' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Keyboard Repair']);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Working 1' })).toHaveAttribute('aria-selected', 'true');
  });

  it('asks for confirmation before a dropdown change, then PUTs the status; a refusal sends nothing', async () => {
    const user = userEvent.setup();
    serveBoard({ user: [], provider: REQUESTS });
    render();
    await screen.findByRole('heading', { level: 3, name: 'Battery Replacement' });

    // A status only moves forward: a started job offers Working and Completed, not Pending.
    const options = (name: string) =>
      within(within(card(name)).getByRole('combobox', { name: 'Status' }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options('Battery Replacement')).toEqual(['Working', 'Completed']);
    expect(options('Charging Port Repair')).toEqual(['Accepted', 'Working', 'Completed']);

    alerts.confirmDialog.mockResolvedValueOnce(false);
    await user.selectOptions(within(card('Charging Port Repair')).getByRole('combobox', { name: 'Status' }), 'working');
    await waitFor(() => expect(alerts.confirmDialog).toHaveBeenCalledTimes(1));
    expect(statusPuts()).toEqual([]);
    expect(within(card('Charging Port Repair')).getByRole('combobox', { name: 'Status' })).toHaveValue('pending');

    await user.selectOptions(
      within(card('Battery Replacement')).getByRole('combobox', { name: 'Status' }),
      'completed',
    );
    await waitFor(() =>
      expect(alerts.toast).toHaveBeenCalledWith('Status Updated', 'The booking is now Completed.', 2000),
    );
    expect(alerts.confirmDialog).toHaveBeenLastCalledWith({
      title: 'Change Status?',
      text: 'Set the status of "Battery Replacement" for Rakib Hasan to Completed? Completed bookings are final and cannot be changed again.',
      confirm: 'Yes, update it',
      cancel: 'Cancel',
    });
    expect(statusPuts()).toEqual([[`/api/bookings/${REQUESTS[2]!._id}/status`, { status: 'completed' }]]);
  });

  it("disables a completed booking's dropdown with the explanation", async () => {
    serveBoard({ user: [], provider: REQUESTS });
    render();
    await screen.findByRole('heading', { level: 3, name: 'Keyboard Repair' });
    const select = within(card('Keyboard Repair')).getByRole('combobox', { name: 'Status' });
    expect(select).toBeDisabled();
    expect(select).toHaveAccessibleDescription('Completed bookings are final');
    expect(within(card('Battery Replacement')).getByRole('combobox', { name: 'Status' })).toBeEnabled();
  });

  it('shows the failure dialog with a text footer, and the server message on a 409', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer = json({ error: 'Internal server error' }, 500);
    serveBoard({ user: [], provider: REQUESTS, put: () => answer.clone() });
    render();
    await screen.findByRole('heading', { level: 3, name: 'Battery Replacement' });

    await user.selectOptions(within(card('Charging Port Repair')).getByRole('combobox', { name: 'Status' }), 'working');
    await waitFor(() => expect(alerts.showDialog).toHaveBeenCalledTimes(1));
    const options = alerts.showDialog.mock.calls[0]![0];
    expect(options).toMatchObject({
      icon: 'error',
      title: 'Update Failed',
      text: 'Unable to update status. Please try again.',
    });
    expect(options.html).toBeUndefined();
    expect(options.footer).toBeInstanceOf(HTMLElement);
    expect((options.footer as HTMLElement).textContent).toBe('Status was not saved. Check console for details.');
    expect((options.footer as HTMLElement).children).toHaveLength(0);
    expect(error).toHaveBeenCalled();
    expect(alerts.toast).not.toHaveBeenCalled();

    answer = json(
      { error: 'This booking is completed; a completed booking is final and its status cannot be changed.' },
      409,
    );
    await user.selectOptions(within(card('Charging Port Repair')).getByRole('combobox', { name: 'Status' }), 'working');
    await waitFor(() =>
      expect(alerts.alertDialog).toHaveBeenCalledWith(
        'Update Failed',
        'This booking is completed; a completed booking is final and its status cannot be changed.',
      ),
    );
    error.mockRestore();
  });

  it("shows 'Error Loading Bookings' with Retry, and the empty state", async () => {
    const user = userEvent.setup();
    const calls = serveBoard({ user: [], provider: new Response(null, { status: 503 }) });
    render();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error Loading Bookings' })).toBeInTheDocument();
    expect(within(alert).getByText('Error: HTTP 503')).toBeInTheDocument();
    expect(screen.getByText('No service requests yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a Service' })).toHaveAttribute('href', '/add-service');
    const before = calls.length;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });

  it('answers a pending request with Accept (no dropdown yet), then shows the contact; the note before', async () => {
    const user = userEvent.setup();
    serveBoard({ user: [], provider: REQUESTS });
    render();
    await screen.findByRole('heading', { level: 3, name: 'Keyboard Repair' });
    const pending = card('Screen <b>Replacement</b>');
    expect(within(pending).queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(within(pending).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(pending).toHaveTextContent("The customer's phone and address are shared once you accept.");
    expect(pending).toHaveTextContent('When: 20 Nov 2026');

    const accepted = card('Charging Port Repair');
    expect(within(accepted).getByRole('link', { name: '01712345678' })).toHaveAttribute('href', 'tel:01712345678');
    expect(accepted).toHaveTextContent("Where: At the customer's place");
    expect(accepted).toHaveTextContent('Customer address: Flat 3B, Road 7, Dhanmondi');
    expect(within(accepted).queryByRole('button', { name: 'Accept' })).toBeNull();

    await user.click(within(pending).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(alerts.toast).toHaveBeenCalledWith('Booking Accepted', 'You can now call Ayesha Siddiqua.', 2500),
    );
    expect(answers()).toEqual([[`/api/bookings/${REQUESTS[0]!._id}/accept`, undefined]]);

    await act(() => setLanguage('bn'));
    expect(await screen.findByRole('tab', { name: /^বাতিল, প্রত্যাখ্যাত, মেয়াদোত্তীর্ণ/ })).toBeInTheDocument();
    expect(within(card('Screen <b>Replacement</b>')).getByRole('button', { name: 'গ্রহণ করুন' })).toBeInTheDocument();
    expect(within(card('Charging Port Repair')).getByRole('combobox', { name: 'অবস্থা' })).toHaveDisplayValue('গৃহীত');
  });

  it('lists the declined, expired and cancelled requests in their own tab with the reason', async () => {
    const user = userEvent.setup();
    const declined = booking('declined', { serviceName: 'Tablet Repair', declineReason: 'No spare screen in stock.' });
    serveBoard({ user: [], provider: [...REQUESTS, declined, booking('expired', { serviceName: 'Speaker Repair' })] });
    render();
    await user.click(await screen.findByRole('tab', { name: 'Cancelled, declined, expired 2' }));
    const d = card('Tablet Repair');
    expect(within(d).getByText('Declined', { selector: '.badge' })).toBeInTheDocument();
    expect(d).toHaveTextContent('Reason for declining: No spare screen in stock.');
    expect(d).toHaveTextContent('Ended on: 16 Nov 2026');
    expect(within(d).queryByRole('combobox')).toBeNull();
    expect(within(d).queryByRole('button', { name: /Accept|Decline/ })).toBeNull();
    expect(within(card('Speaker Repair')).getByText('Expired', { selector: '.badge' })).toBeInTheDocument();
  });

  it('offers Start Work on an accepted request and Mark Complete on a working one, at once (no confirmation)', async () => {
    const user = userEvent.setup();
    serveBoard({ user: [], provider: REQUESTS });
    render();
    await screen.findByRole('heading', { level: 3, name: 'Keyboard Repair' });
    const accepted = card('Charging Port Repair');
    const working = card('Battery Replacement');
    expect(within(accepted).getByRole('button', { name: 'Start Work' })).toBeInTheDocument();
    expect(within(accepted).queryByRole('button', { name: 'Mark Complete' })).toBeNull();
    expect(within(working).getByRole('button', { name: 'Mark Complete' })).toBeInTheDocument();
    expect(within(working).queryByRole('button', { name: 'Start Work' })).toBeNull();
    // A pending request is answered first; a completed one has no next step.
    for (const name of ['Screen <b>Replacement</b>', 'Keyboard Repair']) {
      expect(within(card(name)).queryByRole('button', { name: /Start Work|Mark Complete/ })).toBeNull();
    }

    await user.click(within(accepted).getByRole('button', { name: 'Start Work' }));
    await waitFor(() =>
      expect(alerts.toast).toHaveBeenCalledWith('Status Updated', 'The booking is now Working.', 2000),
    );
    await user.click(within(working).getByRole('button', { name: 'Mark Complete' }));
    await waitFor(() => expect(alerts.toast).toHaveBeenCalledTimes(2));
    expect(alerts.confirmDialog).not.toHaveBeenCalled();
    expect(statusPuts()).toEqual([
      [`/api/bookings/${REQUESTS[1]!._id}/status`, { status: 'working' }],
      [`/api/bookings/${REQUESTS[2]!._id}/status`, { status: 'completed' }],
    ]);
  });

  it("says a failed Start Work in the server's words, or 'Failed to update booking status.' without an answer", async () => {
    const user = userEvent.setup();
    const answer = json(
      { error: 'This booking is completed; a completed booking is final and its status cannot be changed.' },
      409,
    );
    serveBoard({ user: [], provider: REQUESTS, put: () => answer.clone() });
    render();
    await screen.findByRole('heading', { level: 3, name: 'Charging Port Repair' });
    await user.click(within(card('Charging Port Repair')).getByRole('button', { name: 'Start Work' }));
    await waitFor(() =>
      expect(alerts.alertDialog).toHaveBeenCalledWith(
        'Update Failed',
        'This booking is completed; a completed booking is final and its status cannot be changed.',
      ),
    );
    server.use(http.put('/api/bookings/:id/status', () => HttpResponse.error()));
    await user.click(within(card('Charging Port Repair')).getByRole('button', { name: 'Start Work' }));
    await waitFor(() =>
      expect(alerts.alertDialog).toHaveBeenLastCalledWith('Update Failed', 'Failed to update booking status.'),
    );
    expect(alerts.toast).not.toHaveBeenCalled();
  });

  it("opens View Details with every field, the customer's side (their phone once accepted)", async () => {
    const user = userEvent.setup();
    serveBoard({ user: [], provider: REQUESTS });
    render();
    await screen.findByRole('heading', { level: 3, name: 'Charging Port Repair' });
    await user.click(
      within(card('Charging Port Repair')).getByRole('button', { name: 'View Details of Charging Port Repair' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    const text = dialog.textContent ?? '';
    for (const part of [
      'Charging Port Repair',
      '৳4,500',
      '20 Nov 2026',
      '15 Nov 2026',
      'Accepted',
      'Rakib Hasan',
      'rakib@meramot.test',
      'Flat 3B, Road 7, Dhanmondi',
    ]) {
      expect(text).toContain(part);
    }
    expect(within(dialog).getByRole('link', { name: '01712345678' })).toHaveAttribute('href', 'tel:01712345678');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('accepts a pending request: the lists reload, the card shows the phone and Start Work', async () => {
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
    await screen.findByRole('heading', { level: 3, name: 'Fan Repair' });
    expect(within(card('Fan Repair')).queryByRole('button', { name: 'Start Work' })).toBeNull();
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
