import { addDays, dhakaDate, windowOn, type BookingProposal, type BookingWindowName } from '@meramot/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { apiState, signIn } from '@/testing/api-state';
import { renderRoutes } from '@/testing/render';
import { callsTo } from '@/testing/server';
import { booking, PROVIDER } from '@/testing/provider-bookings';
import ServiceTodoRoute from './service-todo';

vi.mock('@/lib/alerts');

const render = () => renderRoutes([{ path: '/service-todo', element: <ServiceTodoRoute /> }], '/service-todo');
const card = async (name: string) => (await screen.findByRole('heading', { level: 3, name })).closest('article')!;

function proposal(id: string, by: BookingProposal['by'], date: string, name: BookingWindowName): BookingProposal {
  const w = windowOn(date, name, null)!;
  return {
    id,
    by,
    window: { name, date, from: w.from, to: w.to, start: w.start.toISOString(), end: w.end.toISOString() },
    status: 'open',
    createdAt: '2026-11-21T08:00:00.000Z',
    answeredAt: null,
  };
}

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('Service To-Do: another time', () => {
  it("answers the customer's proposal with Decline new time, beside (not instead of) Accept and Decline", async () => {
    const date = addDays(dhakaDate(), 2);
    const request = booking('pending', {
      serviceName: 'Fridge Repair',
      proposals: [proposal('p9', 'customer', date, 'afternoon')],
    });
    signIn(PROVIDER);
    apiState.providerBookings = [request];
    const user = userEvent.setup();
    render();
    const c = await card('Fridge Repair');
    // The booking's own answer stays as it was.
    expect(within(c).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(c).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(c).toHaveTextContent(/The customer proposes .*Afternoon 12:00–16:00\./);
    expect(within(c).getByRole('listitem')).toHaveTextContent(/^Proposed by the customer: .* — open$/);
    await user.click(within(c).getByRole('button', { name: 'Decline new time' }));
    await waitFor(() => expect(callsTo(`/api/bookings/${request._id}/proposals/p9/decline`, 'POST')).toHaveLength(1));
    await waitFor(() => expect(within(c).getByRole('listitem')).toHaveTextContent(/— declined$/));
    expect(within(c).queryByRole('button', { name: 'Accept new time' })).toBeNull();
    expect(within(c).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });

  it('proposes a new time as the provider; in Bangla its own proposal waits for an answer', async () => {
    const request = booking('accepted', { serviceName: 'Laptop Repair' });
    signIn(PROVIDER);
    apiState.providerBookings = [request];
    await act(() => setLanguage('bn'));
    const user = userEvent.setup();
    render();
    const c = await card('Laptop Repair');
    await user.click(within(c).getByRole('button', { name: 'অন্য সময় প্রস্তাব করুন' }));
    const form = within(c).getByRole('form', { name: 'অন্য সময় প্রস্তাব করুন' });
    await user.click(within(form).getByRole('radio', { name: 'সকাল ০৯:০০–১২:০০' }));
    await user.click(within(form).getByRole('button', { name: 'প্রস্তাব পাঠান' }));
    await waitFor(() =>
      expect(callsTo(`/api/bookings/${request._id}/proposals`, 'POST')[0]?.body).toEqual({
        serviceTakingDate: addDays(dhakaDate(), 1),
        window: 'morning',
      }),
    );
    expect(await within(c).findByText(/উত্তরের অপেক্ষায়।$/)).toHaveTextContent(/^আপনি .*সকাল ০৯:০০–১২:০০ প্রস্তাব করেছেন।/);
    expect(within(c).getByRole('listitem')).toHaveTextContent(/^আপনি প্রস্তাব করেছেন: .* — উত্তরের অপেক্ষায়$/);
    expect(within(c).queryByRole('button', { name: 'নতুন সময় গ্রহণ করুন' })).toBeNull();
  });
});
