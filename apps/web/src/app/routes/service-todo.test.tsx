import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { booking, json, statusPuts, serveBoard } from './bookings-test-kit';
import * as alerts from '../../lib/__mocks__/alerts';
import { renderRoutes } from '../../testing/render';
import ServiceTodoRoute from './service-todo';

vi.mock('../../lib/alerts');

const render = () => renderRoutes([{ path: '/service-todo', element: <ServiceTodoRoute /> }], '/service-todo');

const REQUESTS = [
  booking('pending', { serviceName: 'Screen <b>Replacement</b>', customerName: 'Ayesha Siddiqua', customerEmail: 'ayesha@meramot.test' }),
  booking('pending', { serviceName: 'Charging Port Repair', specialInstruction: '', customerNotes: '' }),
  booking('working', { serviceName: 'Battery Replacement' }),
  booking('completed', { serviceName: 'Keyboard Repair' }),
];

beforeEach(() => {
  vi.clearAllMocks();
  (alerts.confirmDialog).mockResolvedValue(true);
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
    expect(within(stats).getAllByRole('term').map((d) => d.textContent)).toEqual(['Total', 'Pending', 'Working', 'Completed']);
    expect(within(stats).getAllByRole('definition').map((d) => d.textContent)).toEqual(['4', '2', '1', '1']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All 4', 'Pending 2', 'Working 1', 'Completed 1']);

    const first = card('Screen <b>Replacement</b>');
    for (const text of ['Ayesha Siddiqua', 'ayesha@meramot.test', '20 Nov 2026', '15 Nov 2026', 'Please call before coming.']) {
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
      within(within(card(name)).getByRole('combobox', { name: 'Status' })).getAllByRole('option').map((o) => o.textContent);
    expect(options('Battery Replacement')).toEqual(['Working', 'Completed']);
    expect(options('Charging Port Repair')).toEqual(['Pending', 'Working', 'Completed']);

    (alerts.confirmDialog).mockResolvedValueOnce(false);
    await user.selectOptions(within(card('Charging Port Repair')).getByRole('combobox', { name: 'Status' }), 'working');
    await waitFor(() => expect(alerts.confirmDialog).toHaveBeenCalledTimes(1));
    expect(statusPuts()).toEqual([]);
    expect(within(card('Charging Port Repair')).getByRole('combobox', { name: 'Status' })).toHaveValue('pending');

    await user.selectOptions(within(card('Battery Replacement')).getByRole('combobox', { name: 'Status' }), 'completed');
    await waitFor(() => expect(alerts.toast).toHaveBeenCalledWith('Status Updated', 'The booking is now Completed.', 2000));
    expect(alerts.confirmDialog).toHaveBeenLastCalledWith({
      title: 'Change Status?',
      text: 'Set the status of "Battery Replacement" for Rakib Hasan to Completed? Completed bookings are final and cannot be changed again.',
      confirm: 'Yes, update it',
      cancel: 'Cancel',
    });
    expect(statusPuts()).toEqual([
      [`/api/bookings/${REQUESTS[2]!._id}/status`, { status: 'completed' }],
    ]);
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
    const options = (alerts.showDialog).mock.calls[0]![0];
    expect(options).toMatchObject({ icon: 'error', title: 'Update Failed', text: 'Unable to update status. Please try again.' });
    expect(options.html).toBeUndefined();
    expect(options.footer).toBeInstanceOf(HTMLElement);
    expect((options.footer as HTMLElement).textContent).toBe('Status was not saved. Check console for details.');
    expect((options.footer as HTMLElement).children).toHaveLength(0);
    expect(error).toHaveBeenCalled();
    expect(alerts.toast).not.toHaveBeenCalled();

    answer = json({ error: 'This booking is completed; a completed booking is final and its status cannot be changed.' }, 409);
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
});
