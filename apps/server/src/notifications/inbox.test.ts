import { NOTIFICATION_KINDS } from '@meramot/shared';
import { describe, expect, it } from 'vitest';
import { notificationLink, toApiNotification } from './inbox';

const ID = '7f3c2a9e-1b2c-4d5e-8f90-123456789abc';

describe('notificationLink: the booking in its recipient’s list', () => {
  it('leads the provider to Service To-Do and the customer to Booked Services, never the old /bookings', () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(notificationLink(kind, ID, 'provider')).toMatch(new RegExp(`^/service-todo\\?booking=${ID}(&|$)`));
      expect(notificationLink(kind, ID, 'customer')).toMatch(new RegExp(`^/booked-services\\?booking=${ID}(&|$)`));
    }
  });

  it('opens the conversation of a message and the review of a completed booking', () => {
    expect(notificationLink('booking_requested', ID, 'provider')).toBe(`/service-todo?booking=${ID}`);
    expect(notificationLink('message_received', ID, 'provider')).toBe(`/service-todo?booking=${ID}&chat=1`);
    expect(notificationLink('message_received', ID, 'customer')).toBe(`/booked-services?booking=${ID}&chat=1`);
    expect(notificationLink('booking_completed', ID, 'customer')).toBe(`/booked-services?booking=${ID}&review=1`);
  });

  it("is the link of the API's notification, by the recipient's role", () => {
    const row = {
      id: 42,
      kind: 'booking_requested',
      bookingId: ID,
      data: { serviceName: 'AC Servicing', actorName: 'Ayesha Siddiqua', role: 'provider' },
      createdAt: new Date('2026-11-20T10:00:00.000Z'),
      readAt: null,
    } as const;
    expect(toApiNotification(row)).toMatchObject({ id: '42', link: `/service-todo?booking=${ID}`, readAt: null });
  });
});
