import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, bookingDeclineSchema, bookingProposalCreateSchema, BookingWindowName } from '@meramot/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { bookingKeys } from '@/lib/query-keys';

/** POST /api/bookings/{id}/accept: the provider accepts a pending booking (409 when it is not pending). */
export const acceptBooking = (id: string) =>
  api<Booking>(`/bookings/${encodeURIComponent(id)}/accept`, { method: 'POST', auth: true });

/** POST /api/bookings/{id}/decline: the provider declines, with a reason the customer reads. */
export const declineBooking = ({ id, reason }: { id: string; reason: string }) =>
  api<Booking>(`/bookings/${encodeURIComponent(id)}/decline`, {
    method: 'POST',
    auth: true,
    body: { reason } satisfies z.input<typeof bookingDeclineSchema>,
  });

/** POST /api/bookings/{id}/proposals: either party proposes another day and window (400 outside the hours). */
export const proposeTime = ({
  id,
  serviceTakingDate,
  window,
}: {
  id: string;
  serviceTakingDate: string;
  window: BookingWindowName;
}) =>
  api<Booking>(`/bookings/${encodeURIComponent(id)}/proposals`, {
    method: 'POST',
    auth: true,
    body: { serviceTakingDate, window } satisfies z.input<typeof bookingProposalCreateSchema>,
  });

/** POST /api/bookings/{id}/proposals/{proposalId}/accept or /decline: the other party's answer to a new time. */
export const answerProposal = ({
  id,
  proposalId,
  answer,
}: {
  id: string;
  proposalId: string;
  answer: 'accept' | 'decline';
}) =>
  api<Booking>(`/bookings/${encodeURIComponent(id)}/proposals/${encodeURIComponent(proposalId)}/${answer}`, {
    method: 'POST',
    auth: true,
  });

/** After an answer every bookings list reloads (active and ended); a failure is rethrown (mutateAsync). */
function useAnswer<V>(mutationFn: (vars: V) => Promise<Booking>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export const useAcceptBooking = () => useAnswer(acceptBooking);
export const useDeclineBooking = () => useAnswer(declineBooking);
export const useProposeTime = () => useAnswer(proposeTime);
export const useAnswerProposal = () => useAnswer(answerProposal);
