import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLiveConnection, useLiveEvent } from '@/lib/live-events';
import { bookingKeys, notificationKeys } from '@/lib/query-keys';
import { notificationSentence } from '../describe-notification';
import { markReadInCache, prependNotification, setUnread } from '../notifications-cache';

/**
 * Keeps the signed-in tab's live stream open and the notifications' cache current from it, with no
 * request: a new notification goes to the top of every cached list and sets the count (one about a
 * booking's change also reloads the lists of bookings); another tab's "mark read" sets the count;
 * `ready` (the first event, and the first after a reconnect) sets it and reloads the lists, which
 * catches up with anything missed. A new notification is announced in a polite live region.
 */
export function NotificationsLive() {
  const { t } = useTranslation('notifications');
  const client = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  useLiveConnection(true);

  useLiveEvent('notification', ({ notification, unread }) => {
    prependNotification(client, notification);
    setUnread(client, unread);
    // A booking was made, cancelled, moved or reviewed: the lists of bookings reload (shown ones at
    // once), so the notification's link finds the booking as it is now.
    if (notification.kind !== 'message_received') void client.invalidateQueries({ queryKey: bookingKeys.all });
    setAnnouncement(t('live.new', { text: notificationSentence(notification, t) }));
  });
  useLiveEvent('read', ({ unread }) => {
    setUnread(client, unread);
    if (unread === 0) markReadInCache(client, null);
    // Which ones were read is not said: the lists reload when next shown.
    else void client.invalidateQueries({ queryKey: notificationKeys.lists(), refetchType: 'none' });
  });
  useLiveEvent('ready', ({ unread }) => {
    setUnread(client, unread);
    void client.invalidateQueries({ queryKey: notificationKeys.lists() });
  });

  return (
    <div role="status" aria-live="polite" className="sr-only">
      {announcement}
    </div>
  );
}
