import { addDays, dhakaDate, windowOn, type BookingProposal, type BookingWindowName } from '@meramot/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Swal from 'sweetalert2';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { apiState, signIn } from '@/testing/api-state';
import { callsTo } from '@/testing/server';
import { AYESHA, json, makeBooking, renderBookedServices } from '@/app/testing/booked-services';
import { server, answer } from '@/testing/server';

/** A proposal as the API answers it: `by` on `date` in the `name` window (default hours). */
function proposal(
  id: string,
  by: BookingProposal['by'],
  date: string,
  name: BookingWindowName,
  status: BookingProposal['status'] = 'open',
): BookingProposal {
  const w = windowOn(date, name, null)!;
  return {
    id,
    by,
    window: { name, date, from: w.from, to: w.to, start: w.start.toISOString(), end: w.end.toISOString() },
    status,
    createdAt: '2026-11-21T08:00:00.000Z',
    answeredAt: status === 'open' ? null : '2026-11-21T09:00:00.000Z',
  };
}

const card = async (name: string) => (await screen.findByRole('heading', { name, level: 2 })).closest('article')!;

// 2026-11-25 is a Wednesday; an accepted proposal's day is in the past is fine for the history.
const WED = '2026-11-25';

afterEach(async () => {
  Swal.close();
  window.localStorage.clear();
  await act(() => setLanguage('en'));
});

describe('Booked Services: another time', () => {
  it("shows the history and Accept / Decline of the provider's open proposal; Accept moves the booking and refreshes", async () => {
    const date = addDays(dhakaDate(), 3);
    const booking = makeBooking({
      serviceName: 'AC Repair',
      state: 'accepted',
      proposals: [proposal('p1', 'customer', WED, 'evening', 'declined'), proposal('p2', 'provider', date, 'morning')],
    });
    signIn(AYESHA);
    apiState.userBookings = [booking];
    const user = userEvent.setup();
    renderBookedServices();
    const c = await card('AC Repair');
    const history = within(c).getByRole('list', { name: 'Other times proposed' });
    const items = within(history)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toBe('Proposed by you: Wed 25 Nov, Evening 16:00–21:00 — declined');
    expect(items[1]).toMatch(/^Proposed by the provider: \w{3} \d{1,2} \w{3}, Morning 09:00–12:00 — open$/);
    expect(within(c).queryByText(/Waiting for an answer/)).toBeNull();
    // Their own names: the e2e journeys' exact "Accept" / "Decline" stay unique.
    await user.click(within(c).getByRole('button', { name: 'Accept new time' }));

    await waitFor(() => expect(callsTo(`/api/bookings/${booking._id}/proposals/p2/accept`, 'POST')).toHaveLength(1));
    await waitFor(() => expect(within(c).getAllByRole('listitem')[1]).toHaveTextContent(/— accepted$/));
    expect(within(c).queryByRole('button', { name: 'Accept new time' })).toBeNull();
    expect(within(c).queryByRole('button', { name: 'Decline new time' })).toBeNull();
    expect(c).toHaveTextContent(/When: .*Morning 09:00–12:00/);
    expect(within(c).getByRole('button', { name: 'Propose another time' })).toHaveFocus();
  });

  it('says "Waiting for an answer" under my own open proposal, with no Accept or Decline', async () => {
    const date = addDays(dhakaDate(), 3);
    signIn(AYESHA);
    apiState.userBookings = [
      makeBooking({
        serviceName: 'Fridge Repair',
        state: 'pending',
        proposals: [proposal('p1', 'customer', date, 'afternoon')],
      }),
    ];
    renderBookedServices();
    const c = await card('Fridge Repair');
    expect(within(c).getByText(/Waiting for an answer\.$/)).toHaveTextContent(
      /^You proposed .*Afternoon 12:00–16:00\./,
    );
    expect(within(c).queryByRole('button', { name: 'Accept new time' })).toBeNull();
    expect(within(c).queryByRole('button', { name: 'Decline new time' })).toBeNull();
    expect(within(c).getByRole('button', { name: 'Propose another time' })).toBeInTheDocument();
  });

  it('shows the history alone in View Details: no answers and no form there', async () => {
    const date = addDays(dhakaDate(), 3);
    signIn(AYESHA);
    apiState.userBookings = [
      makeBooking({
        serviceName: 'TV Panel Repair',
        state: 'accepted',
        proposals: [proposal('p1', 'customer', date, 'afternoon')],
      }),
    ];
    const user = userEvent.setup();
    renderBookedServices();
    const c = await card('TV Panel Repair');
    await user.click(within(c).getByRole('button', { name: 'View Details of TV Panel Repair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    const history = within(dialog).getByRole('list', { name: 'Other times proposed' });
    expect(history).toHaveTextContent(/^Proposed by you: .*Afternoon 12:00–16:00 — open$/);
    expect(within(dialog).queryByRole('button', { name: 'Propose another time' })).toBeNull();
    expect(within(dialog).queryByText(/Waiting for an answer/)).toBeNull();
  });

  it('proposes another time inline: the window is required (focus, alert), then the body is the day and window', async () => {
    signIn(AYESHA);
    const booking = makeBooking({ serviceName: 'Laptop Fix', state: 'pending' });
    apiState.userBookings = [booking];
    const user = userEvent.setup();
    renderBookedServices();
    const c = await card('Laptop Fix');
    const toggle = within(c).getByRole('button', { name: 'Propose another time' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = within(c).getByRole('form', { name: 'Propose another time' });
    const date = within(form).getByLabelText('New date');
    expect(date).toHaveFocus();
    expect(date).toHaveAttribute('min', dhakaDate());
    expect(date).toHaveAttribute('max', addDays(dhakaDate(), 365));
    expect(within(form).getByRole('group', { name: 'New time window' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Send proposal' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please choose a time window.');
    expect(within(form).getByRole('radio', { name: 'Morning 09:00–12:00' })).toHaveFocus();
    expect(callsTo(`/api/bookings/${booking._id}/proposals`)).toHaveLength(0);

    const day = addDays(dhakaDate(), 4);
    await user.clear(date);
    await user.type(date, day);
    await user.click(within(form).getByRole('radio', { name: 'Evening 16:00–21:00' }));
    expect(within(form).queryByRole('alert')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Send proposal' }));

    await waitFor(() => expect(callsTo(`/api/bookings/${booking._id}/proposals`, 'POST')).toHaveLength(1));
    expect(callsTo(`/api/bookings/${booking._id}/proposals`, 'POST')[0]!.body).toEqual({
      serviceTakingDate: day,
      window: 'evening',
    });
    // The form closes, focus back on its button; the refreshed list shows the open proposal.
    await waitFor(() => expect(within(c).queryByRole('form')).toBeNull());
    expect(within(c).getByRole('button', { name: 'Propose another time' })).toHaveFocus();
    expect(await within(c).findByText(/Waiting for an answer\.$/)).toBeInTheDocument();
  });

  it("shows the server's 400 sentence inline in the form (the provider's real hours)", async () => {
    signIn(AYESHA);
    const booking = makeBooking({ serviceName: 'TV Repair', state: 'accepted' });
    apiState.userBookings = [booking];
    const sentence = 'The provider does not work in that window on that day. Please choose another time.';
    server.use(
      answer(({ method, path }) =>
        method === 'POST' && path.endsWith('/proposals') ? json({ error: sentence }, 400) : undefined,
      ),
    );
    const user = userEvent.setup();
    renderBookedServices();
    const c = await card('TV Repair');
    await user.click(within(c).getByRole('button', { name: 'Propose another time' }));
    const form = within(c).getByRole('form', { name: 'Propose another time' });
    await user.click(within(form).getByRole('radio', { name: 'Morning 09:00–12:00' }));
    await user.click(within(form).getByRole('button', { name: 'Send proposal' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(sentence);
    expect(within(c).getByRole('form')).toBeInTheDocument();
  });

  it('offers no new time on a started or ended booking', async () => {
    signIn(AYESHA);
    apiState.userBookings = [makeBooking({ serviceName: 'Camera Fix', status: 'working' })];
    renderBookedServices();
    const c = await card('Camera Fix');
    expect(within(c).queryByRole('button', { name: 'Propose another time' })).toBeNull();
  });

  it('in Bangla: the history, the answer buttons and the inline error in Bengali script and digits', async () => {
    const date = addDays(dhakaDate(), 3);
    signIn(AYESHA);
    apiState.userBookings = [
      makeBooking({
        serviceName: 'AC Repair',
        state: 'accepted',
        proposals: [
          proposal('p1', 'provider', WED, 'morning', 'superseded'),
          proposal('p2', 'provider', date, 'evening'),
        ],
      }),
    ];
    await act(() => setLanguage('bn'));
    const user = userEvent.setup();
    renderBookedServices();
    const c = await card('AC Repair');
    const items = within(within(c).getByRole('list', { name: 'প্রস্তাবিত অন্য সময়' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('প্রোভাইডার প্রস্তাব করেছেন: বুধ ২৫ নভে, সকাল ০৯:০০–১২:০০ — নতুন প্রস্তাবে বদলেছে');
    expect(within(c).getByRole('button', { name: 'নতুন সময় গ্রহণ করুন' })).toBeInTheDocument();
    expect(within(c).getByRole('button', { name: 'নতুন সময় প্রত্যাখ্যান করুন' })).toBeInTheDocument();

    await user.click(within(c).getByRole('button', { name: 'অন্য সময় প্রস্তাব করুন' }));
    const form = within(c).getByRole('form', { name: 'অন্য সময় প্রস্তাব করুন' });
    await user.click(within(form).getByRole('button', { name: 'প্রস্তাব পাঠান' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('একটি সময় বেছে নিন।');
    expect(within(form).getByRole('radio', { name: 'সন্ধ্যা ১৬:০০–২১:০০' })).toBeInTheDocument();
  });
});
