import type { Notification, User } from '@meramot/shared';
import { apiState, signIn } from '@/testing/api-state';
import { makeUser } from '@/testing/fixtures';
import { makeNotification } from '@/testing/handlers/notifications';

/** Signed in, with `unread` unread and `read` read notifications (the unread ones newer), made 2 hours ago. */
export function seedNotifications(
  { unread = 0, read = 0 }: { unread?: number; read?: number },
  user: User = makeUser(),
) {
  signIn(user);
  const made: Notification[] = [];
  const createdAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
  for (let i = 0; i < read; i++)
    made.push(makeNotification({ readAt: createdAt, createdAt, serviceName: `Read ${i + 1}` }));
  for (let i = 0; i < unread; i++) made.push(makeNotification({ createdAt, serviceName: `Unread ${i + 1}` }));
  apiState.notifications = made;
  return made;
}
