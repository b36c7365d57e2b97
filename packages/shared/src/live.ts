import type { Message, Notification } from './notification';

/**
 * The live stream, `GET /api/events` (text/event-stream, Authorization: Bearer). Events:
 * - `ready` `{ unread, live }` first; `live` false: events may be missed (Redis down), refresh every 30 s;
 * - `notification` (SSE id = the notification's id) a Notification, with `unread` the new count;
 * - `message` `{ bookingId, message }` a new message of a conversation the caller is part of (their own too, from another tab);
 * - `seen` `{ bookingId, seenUpTo }` the other party read the caller's messages up to that id;
 * - `read` `{ unread }` the caller marked notifications read (in another tab);
 * - `mode` `{ live }` when live delivery stops or resumes.
 * Comments (`: ping`) every 15 s keep proxies from closing an idle stream.
 */
export const LIVE_EVENT_TYPES = ['ready', 'notification', 'message', 'seen', 'read', 'mode'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
export interface LiveEvents {
  ready: { unread: number; live: boolean };
  notification: { notification: Notification; unread: number };
  message: { bookingId: string; message: Message };
  seen: { bookingId: string; seenUpTo: string };
  read: { unread: number };
  mode: { live: boolean };
}
/** How often the server writes a heartbeat comment on an idle stream. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** Without a live stream, the app refreshes notifications this often. */
export const LIVE_FALLBACK_REFRESH_MS = 30_000;
