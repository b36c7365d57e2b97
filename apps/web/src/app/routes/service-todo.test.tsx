import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { answers, booking, json, statusPuts, serveBoard } from './bookings-test-kit';
import { setLanguage } from '../../lib/i18n';
import * as alerts from '../../lib/__mocks__/alerts';
import { renderRoutes } from '../../testing/render';
import ServiceTodoRoute from './service-todo';

vi.mock('../../lib/alerts');

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
});
