import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** A notification's link to a booking: `?booking=<id>`, with `&chat=1` its conversation, `&review=1` its review. */
export interface BookingLink {
  bookingId: string;
  chat: boolean;
  review: boolean;
}

/**
 * Follows a notification's link once per visit of the URL, when the page's lists have loaded
 * (`ready`): `handle` shows the booking (its tab, its dialog), then its card is scrolled into view.
 * The parameters stay in the URL (a reload does the same again). Answers the booking to highlight.
 */
export function useBookingLink(ready: boolean, handle: (link: BookingLink) => void): string | null {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const bookingId = params.get('booking');
  const chat = params.get('chat') === '1';
  const review = params.get('review') === '1';
  const handled = useRef<string | null>(null);
  const latest = useRef(handle);
  const [scrollTo, setScrollTo] = useState<{ id: string } | null>(null);

  useEffect(() => {
    latest.current = handle;
  });

  useEffect(() => {
    if (!ready || !bookingId || handled.current === key) return;
    handled.current = key;
    latest.current({ bookingId, chat, review });
    setScrollTo({ id: bookingId });
  }, [ready, bookingId, chat, review, key]);

  // After the render that shows the booking's tab.
  useEffect(() => {
    if (!scrollTo) return;
    const card = document.getElementById(`booking-${scrollTo.id}`)?.closest('article');
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    card?.scrollIntoView?.({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  }, [scrollTo]);

  return bookingId;
}

/** The list item of the linked booking's card: outlined, and marked current for screen readers. */
export const linkedCardProps = (linked: boolean) =>
  linked
    ? { 'aria-current': true as const, className: 'rounded-box ring-2 ring-primary ring-offset-2 ring-offset-base-100' }
    : {};
