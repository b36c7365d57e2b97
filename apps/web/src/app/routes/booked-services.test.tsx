import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Swal from 'sweetalert2';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { json, makeBooking, renderBookedServices, serveBookings } from '@/app/testing/booked-services';

const PENDING = makeBooking({ serviceName: 'Screen Fix', status: 'pending', serviceStatus: 'pending' });
const WORKING = makeBooking({
  serviceName: 'Laptop Service',
  status: 'working',
  serviceStatus: 'working',
  providerPhone: 'Not provided',
});
const DONE = makeBooking({
  serviceName: 'TV Repair',
  status: 'completed',
  serviceStatus: 'completed',
  completedAt: '2026-11-19T10:00:00.000Z',
  specialInstruction: '<b>Ring twice</b>',
});
const REVIEWED = makeBooking({
  serviceName: 'AC Servicing',
  status: 'completed',
  serviceStatus: 'completed',
  reviewed: true,
});
const ALL = [PENDING, WORKING, DONE, REVIEWED];

const card = async (name: string) => (await screen.findByRole('heading', { name, level: 2 })).closest('article')!;
const tab = (name: RegExp) => screen.getByRole('tab', { name });

afterEach(async () => {
  Swal.close();
  window.localStorage.clear();
  await act(() => setLanguage('en'));
});

describe('Booked Services', () => {
  it('shows the title, Last updated and the tabs with counts, one name per state (Working)', async () => {
    serveBookings(ALL);
    renderBookedServices();
    expect(await screen.findByRole('heading', { name: 'Booked Services', level: 1 })).toBeInTheDocument();
    await card('Screen Fix');
    expect(screen.getByText(/^Last updated: /)).toBeInTheDocument();
    expect(tab(/^All\s*4$/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/^Pending\s*1$/)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All 4',
      'Pending 1',
      'Accepted 0',
      'Working 1',
      'Completed 2',
      'Cancelled, declined, expired 0',
    ]);

    await userEvent.click(tab(/^Working/));
    expect(tab(/^Working/)).toHaveAttribute('aria-selected', 'true');
    expect(within(await card('Laptop Service')).getByText('Working', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(await card('Laptop Service')).toBeInTheDocument();
    await userEvent.click(tab(/^Completed/));
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'TV Repair',
      'AC Servicing',
    ]);
  });

  it('shows the card details; notes are text, never HTML', async () => {
    serveBookings(ALL);
    renderBookedServices();
    const done = await card('TV Repair');
    const c = within(done);
    expect(c.getByText('Completed', { selector: '.badge' })).toBeInTheDocument();
    expect(c.getByText('The service has been completed.')).toBeInTheDocument();
    expect(c.getByText('৳2,500')).toBeInTheDocument();
    expect(c.getByText('Dhaka')).toBeInTheDocument();
    expect(c.getByText('2-3 hours')).toBeInTheDocument();
    expect(c.getByText('Rahim Uddin')).toBeInTheDocument();
    expect(c.getByText('01711345678')).toBeInTheDocument();
    expect(c.getByText('rahim@meramot.test')).toBeInTheDocument();
    expect(c.getByText('<b>Ring twice</b>')).toBeInTheDocument();
    expect(done.querySelector('b')).toBeNull();
    expect(c.getByText('Completed on:')).toBeInTheDocument();
    expect(c.getByText('19 Nov 2026')).toBeInTheDocument();
    expect(within(await card('Screen Fix')).queryByText('Completed on:')).toBeNull();
    expect(within(await card('Screen Fix')).getByText('Pending', { selector: '.badge' })).toBeInTheDocument();
  });

  it("links each service's name to its page at the readable address, unless the service was deleted", async () => {
    const gone = makeBooking({ serviceName: 'Old Fridge Fix', status: 'pending', serviceDeleted: true });
    serveBookings([PENDING, gone]);
    renderBookedServices();
    const heading = await screen.findByRole('heading', { name: 'Screen Fix', level: 2 });
    expect(within(heading).getByRole('link', { name: 'Screen Fix' })).toHaveAttribute(
      'href',
      `/services/${PENDING.serviceId}/screen-fix`,
    );
    const deleted = await screen.findByRole('heading', { name: 'Old Fridge Fix', level: 2 });
    expect(within(deleted).queryByRole('link')).not.toBeInTheDocument();
  });

  it("opens View Details as a dialog with every booking field, the provider's side; focus returns to the button", async () => {
    const user = userEvent.setup();
    serveBookings(ALL);
    renderBookedServices();
    const button = within(await card('TV Repair')).getByRole('button', { name: 'View Details of TV Repair' });
    expect(button).toHaveTextContent('View Details');
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    const text = dialog.textContent ?? '';
    for (const part of [
      'TV Repair',
      '৳2,500',
      'Dhaka',
      '22 Nov 2026',
      '20 Nov 2026',
      '19 Nov 2026',
      'Completed',
      'Rahim Uddin',
      'rahim@meramot.test',
      '01711345678',
      '2-3 hours',
      '<b>Ring twice</b>',
    ]) {
      expect(text).toContain(part);
    }
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(dialog).getByRole('link', { name: '01711345678' })).toHaveAttribute('href', 'tel:01711345678');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('shows a different empty state per tab, each linking to /services', async () => {
    serveBookings([WORKING]);
    renderBookedServices();
    await card('Laptop Service');
    await userEvent.click(tab(/^Pending/));
    expect(screen.getByRole('heading', { name: 'No pending bookings' })).toBeInTheDocument();
    await userEvent.click(tab(/^Completed/));
    expect(screen.getByRole('heading', { name: 'No completed services' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/services');
  });

  it('shows the All empty state with no bookings', async () => {
    serveBookings([]);
    renderBookedServices();
    expect(await screen.findByRole('heading', { name: 'No bookings yet' })).toBeInTheDocument();
    await userEvent.click(tab(/^Working\s*0$/));
    expect(screen.getByRole('heading', { name: 'No services being worked on' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Browse Services' }));
    expect(await screen.findByRole('heading', { name: 'Services page' })).toBeInTheDocument();
  });

  it('offers Cancel Booking only on pending, Leave Review only on completed and not reviewed', async () => {
    serveBookings(ALL);
    renderBookedServices();
    const actions = async (name: string) =>
      within(await card(name))
        .queryAllByRole('button')
        .map((b) => b.textContent?.trim());
    expect(within(await card('Screen Fix')).getByRole('button', { name: 'Cancel Booking' })).toBeInTheDocument();
    expect(within(await card('Screen Fix')).queryByRole('button', { name: 'Leave Review' })).toBeNull();
    expect(await actions('Laptop Service')).not.toContain('Cancel Booking');
    expect(await actions('Laptop Service')).not.toContain('Leave Review');
    expect(within(await card('TV Repair')).getByRole('button', { name: 'Leave Review' })).toBeInTheDocument();
    expect(await actions('TV Repair')).not.toContain('Cancel Booking');
    const reviewed = within(await card('AC Servicing'));
    expect(reviewed.queryByRole('button', { name: 'Leave Review' })).toBeNull();
    expect(reviewed.getByText('Reviewed')).toBeInTheDocument();
  });

  it("links the provider's phone (tel:) once accepted; before, says it is shared once they accept", async () => {
    const accepted = makeBooking({ serviceName: 'Fridge Repair', state: 'accepted', contactShared: true });
    serveBookings([...ALL, accepted]);
    renderBookedServices();
    const fridge = within(await card('Fridge Repair'));
    expect(fridge.getByRole('link', { name: 'Call Provider' })).toHaveAttribute('href', 'tel:01711345678');
    expect(fridge.getByRole('link', { name: '01711345678' })).toHaveAttribute('href', 'tel:01711345678');
    expect(fridge.getByText('Accepted', { selector: '.badge' })).toBeInTheDocument();

    const pending = within(await card('Screen Fix'));
    expect(pending.queryByRole('link', { name: /Call Provider|01711345678/ })).toBeNull();
    expect(pending.getByRole('button', { name: 'Call Provider' })).toBeDisabled();
    expect(pending.getByRole('button', { name: 'Call Provider' })).toHaveAccessibleDescription(
      'Shared once the provider accepts',
    );

    const working = within(await card('Laptop Service'));
    expect(working.queryByRole('link', { name: /Call Provider/ })).toBeNull();
    expect(working.getByRole('button', { name: /Call Provider/ })).toHaveAccessibleDescription('Phone not available');
    expect(working.queryByText('Not provided')).toBeNull();
  });

  it('cancels only after confirmation, then shows Booking Cancelled and reloads', async () => {
    let list = ALL;
    const calls = serveBookings(
      () => list,
      (call) => {
        if (call.method === 'DELETE') {
          list = list.filter((b) => b._id !== PENDING._id);
          return json({ message: 'Booking cancelled', _id: PENDING._id });
        }
      },
    );
    renderBookedServices();
    await userEvent.click(within(await card('Screen Fix')).getByRole('button', { name: 'Cancel Booking' }));
    const popup = await screen.findByRole('dialog');
    expect(within(popup).getByText('Cancel Booking?')).toBeInTheDocument();
    await userEvent.click(within(popup).getByRole('button', { name: 'Keep Booking' }));
    await waitFor(() => expect(screen.queryByText('Cancel Booking?')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(within(await card('Screen Fix')).getByRole('button', { name: 'Cancel Booking' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Booking Cancelled')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/bookings/${PENDING._id}`]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Screen Fix' })).toBeNull());
  });

  it('says so when a cancellation fails', async () => {
    serveBookings(ALL, (call) => (call.method === 'DELETE' ? json({ error: 'boom' }, 500) : undefined));
    renderBookedServices();
    await userEvent.click(within(await card('Screen Fix')).getByRole('button', { name: 'Cancel Booking' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Unable to cancel the booking. Please try again.')).toBeInTheDocument();
  });

  it('shows Error Loading Bookings with the server-down message, an empty list and Retry', async () => {
    let down = true;
    serveBookings(ALL, (call) => {
      if (down && call.path.startsWith('/api/bookings/user/')) return Response.error();
    });
    renderBookedServices();
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Error Loading Bookings')).toBeInTheDocument();
    expect(
      within(banner).getByText('Cannot connect to server. Make sure the server is running on port 3000.'),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(tab(/^All\s*0$/)).toBeInTheDocument();
    down = false;
    await userEvent.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(await card('Screen Fix')).toBeInTheDocument();
    expect(screen.queryByText('Error Loading Bookings')).toBeNull();
  });

  it('ends the session when a 401 cannot be answered by a session refresh', async () => {
    serveBookings(ALL, (call) =>
      call.path.startsWith('/api/bookings/user/') ? json({ error: 'Authentication required' }, 401) : undefined,
    );
    renderBookedServices();
    await waitFor(() => expect(window.localStorage.getItem('meramot-token')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Screen Fix' })).toBeNull();
  });

  it('refreshes, and reports a failed refresh', async () => {
    let fail = false;
    const calls = serveBookings(ALL, (call) =>
      fail && call.path.startsWith('/api/bookings/user/') ? json({ error: 'Database busy' }, 503) : undefined,
    );
    renderBookedServices();
    await card('Screen Fix');
    const loads = () => calls.filter((c) => c.path.startsWith('/api/bookings/user/') && c.search === '').length;
    expect(loads()).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh bookings' }));
    await waitFor(() => expect(loads()).toBe(2));
    fail = true;
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh bookings' }));
    expect(await screen.findByText('Failed to refresh bookings: Database busy')).toBeInTheDocument();
  });

  it('shows the window, where the work happens, my address and phone, and the estimate only when given', async () => {
    const home = makeBooking({
      serviceName: 'AC Repair at Home',
      state: 'accepted',
      contactShared: true,
      serviceArea: 'Chittagong',
      window: {
        name: 'evening',
        date: '2026-11-24',
        from: '16:00',
        to: '21:00',
        start: '2026-11-24T10:00:00.000Z',
        end: '2026-11-24T15:00:00.000Z',
      },
      location: 'customer',
      address: 'House 12, Road 5, Dhanmondi',
      customerPhone: '01712345678',
      estimatedTime: '',
      jobMinutes: 90,
    });
    const shop = makeBooking({
      serviceName: 'Phone at the Shop',
      shopAddress: 'Shop 4, Multiplan Center, Dhaka',
      estimatedTime: '',
      jobMinutes: null,
    });
    serveBookings([home, shop]);
    renderBookedServices();
    const h = await card('AC Repair at Home');
    expect(h).toHaveTextContent('When: 24 Nov 2026, Evening 16:00–21:00');
    expect(h).toHaveTextContent('Where: At your place');
    expect(h).toHaveTextContent('Your address: House 12, Road 5, Dhanmondi');
    expect(h).toHaveTextContent('Your phone: 01712345678');
    expect(h).toHaveTextContent('Estimated time: 1 hour 30 minutes');
    expect(h).toHaveTextContent('Area: Chittagong');
    const s = await card('Phone at the Shop');
    expect(s).toHaveTextContent('Where: At the shop');
    expect(s).toHaveTextContent('Shop address: Shop 4, Multiplan Center, Dhaka');
    expect(s).toHaveTextContent('When: 22 Nov 2026');
    expect(within(s).queryByText(/Estimated time/)).toBeNull();
    expect(within(s).queryByText('2-3 hours')).toBeNull();

    await act(() => setLanguage('bn'));
    const bn = await card('AC Repair at Home');
    expect(bn).toHaveTextContent('কখন: ২৪ নভেম্বর, ২০২৬, সন্ধ্যা ১৬:০০–২১:০০');
    expect(bn).toHaveTextContent('আনুমানিক সময়: ১ ঘণ্টা ৩০ মিনিট');
    expect(bn).toHaveTextContent('এলাকা: চট্টগ্রাম');
    expect(bn).toHaveTextContent('কোথায়: আপনার ঠিকানায়');
    expect(within(bn).getByText('গৃহীত', { selector: '.badge' })).toBeInTheDocument();
  });

  it('lists cancelled, declined and expired bookings in their own tab (?state=ended), with the reason and the end', async () => {
    const declined = makeBooking({
      serviceName: 'Laptop Board Repair',
      state: 'declined',
      declineReason: 'The part is not available this month.',
      endedAt: '2026-11-19T06:00:00.000Z',
      providerPhone: 'Not provided',
    });
    const expired = makeBooking({
      serviceName: 'Camera Repair',
      state: 'expired',
      endedAt: '2026-11-18T06:00:00.000Z',
    });
    const cancelled = makeBooking({
      serviceName: 'Watch Repair',
      state: 'cancelled',
      endedAt: '2026-11-20T06:00:00.000Z',
    });
    const calls = serveBookings([...ALL, declined, expired, cancelled]);
    renderBookedServices();
    await card('Screen Fix');
    expect(tab(/^All\s*4$/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('tab', { name: /^Cancelled, declined, expired\s*3$/ }));
    expect(calls.some((c) => c.path === '/api/bookings/user/ayesha@meramot.test' && c.search === '?state=ended')).toBe(
      true,
    );
    // The latest ended first.
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Watch Repair',
      'Laptop Board Repair',
      'Camera Repair',
    ]);
    const d = await card('Laptop Board Repair');
    expect(within(d).getByText('Declined', { selector: '.badge' })).toBeInTheDocument();
    expect(d).toHaveTextContent('The provider declined this booking.');
    expect(d).toHaveTextContent('Reason for declining: The part is not available this month.');
    expect(d).toHaveTextContent('Ended on: 19 Nov 2026');
    expect(d).toHaveTextContent('Phone: Not provided');
    expect(within(d).queryByRole('button', { name: /Cancel Booking|Call Provider/ })).toBeNull();
    expect(within(await card('Camera Repair')).getByText('Expired', { selector: '.badge' })).toBeInTheDocument();
    expect(within(await card('Watch Repair')).getByText('Cancelled', { selector: '.badge' })).toBeInTheDocument();

    await act(() => setLanguage('bn'));
    expect(await screen.findByRole('tab', { name: /^বাতিল, প্রত্যাখ্যাত, মেয়াদোত্তীর্ণ\s*৩$/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const bn = await card('Laptop Board Repair');
    expect(within(bn).getByText('প্রত্যাখ্যাত', { selector: '.badge' })).toBeInTheDocument();
    expect(bn).toHaveTextContent('শেষ হয়েছে: ১৯ নভেম্বর, ২০২৬');
    expect(bn).toHaveTextContent('ফোন: দেওয়া হয়নি');
  });
});
