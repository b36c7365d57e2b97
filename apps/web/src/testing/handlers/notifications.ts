import {
  notificationListQuerySchema,
  notificationSettingsSchema,
  type Notification,
  type NotificationPreferences,
} from '@meramot/shared';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { apiState } from '../api-state';

let notificationSeq = 5000;

/** A notification as the API answers it (numeric, increasing ids; unread); override any field. */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  notificationSeq += 1;
  const bookingId = overrides.bookingId ?? '00000000-0000-4000-8000-000000000001';
  return {
    id: String(notificationSeq),
    kind: 'booking_requested',
    bookingId,
    serviceName: 'AC Servicing',
    actorName: 'Ayesha Siddiqua',
    excerpt: null,
    rating: null,
    serviceTakingDate: '2026-03-05',
    link: `/bookings?booking=${bookingId}`,
    createdAt: '2026-11-21T08:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

const refused = () => HttpResponse.json({ error: 'Authentication required' }, { status: 401 });
const expiredLink = () =>
  HttpResponse.json({ error: 'This link has expired. Sign in to change your settings.' }, { status: 401 });
const signedIn = (request: Request) => !!apiState.user && !!request.headers.get('authorization');
const newestFirst = (a: Notification, b: Notification) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1);
const unreadCount = () => apiState.notifications.filter((n) => !n.readAt).length;
const preferences = (): NotificationPreferences => apiState.notificationPreferences;

/** A settings update as the server takes it: switches and language, nothing else. */
function applyUpdate(body: unknown): NotificationPreferences | Response {
  const { settings, language } = (body ?? {}) as { settings?: unknown; language?: unknown };
  if (settings !== undefined) {
    const parsed = notificationSettingsSchema.safeParse(settings);
    if (!parsed.success) return HttpResponse.json({ error: 'Invalid notification settings.' }, { status: 400 });
    apiState.notificationPreferences = { ...preferences(), settings: parsed.data };
  }
  if (language === 'en' || language === 'bn') apiState.notificationPreferences = { ...preferences(), language };
  return preferences();
}

const answer = (result: NotificationPreferences | Response) =>
  result instanceof Response ? result : HttpResponse.json(result);

/**
 * The live stream: `ready` with the unread count (live), then open until the tab closes it. Tests
 * deliver further events with dispatchLive (lib/live-events.ts).
 */
function eventStream(request: Request) {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(`event: ready\ndata: ${JSON.stringify({ unread: unreadCount(), live: true })}\n\n`),
      );
      request.signal.addEventListener('abort', () => {
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
  });
  return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
}

/** The mock notifications API (features/notifications): list, count, read, settings, SMS number, live stream. */
export const notificationHandlers: HttpHandler[] = [
  http.get('/api/notifications', ({ request }) => {
    if (!signedIn(request)) return refused();
    const query = notificationListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    let items = [...apiState.notifications].sort(newestFirst);
    if (query.unread === 'true') items = items.filter((n) => !n.readAt);
    if (query.cursor) items = items.filter((n) => BigInt(n.id) < BigInt(query.cursor!));
    const page = items.slice(0, query.limit);
    const nextCursor = items.length > query.limit ? page[page.length - 1]!.id : null;
    return HttpResponse.json({ items: page, nextCursor, unread: unreadCount() });
  }),
  http.get('/api/notifications/unread-count', ({ request }) =>
    signedIn(request) ? HttpResponse.json({ unread: unreadCount() }) : refused(),
  ),
  http.post('/api/notifications/read', async ({ request }) => {
    if (!signedIn(request)) return refused();
    const { ids } = ((await request.json()) ?? {}) as { ids?: string[] };
    const now = new Date().toISOString();
    for (const n of apiState.notifications) if (!n.readAt && (!ids || ids.includes(n.id))) n.readAt = now;
    return HttpResponse.json({ unread: unreadCount() });
  }),
  http.get('/api/users/me/notification-settings', ({ request }) =>
    signedIn(request) ? HttpResponse.json(preferences()) : refused(),
  ),
  http.put('/api/users/me/notification-settings', async ({ request }) =>
    signedIn(request) ? answer(applyUpdate(await request.json())) : refused(),
  ),
  http.get('/api/notification-settings/link', ({ request }) =>
    new URL(request.url).searchParams.get('token') === apiState.notificationLinkToken
      ? HttpResponse.json(preferences())
      : expiredLink(),
  ),
  http.put('/api/notification-settings/link', async ({ request }) => {
    if (new URL(request.url).searchParams.get('token') !== apiState.notificationLinkToken) return expiredLink();
    const { settings } = ((await request.json()) ?? {}) as { settings?: unknown };
    return answer(applyUpdate({ settings }));
  }),
  http.put('/api/users/me/language', async ({ request }) => {
    if (!signedIn(request)) return refused();
    const { language } = (await request.json()) as { language: 'en' | 'bn' };
    apiState.notificationPreferences = { ...preferences(), language };
    return HttpResponse.json({ language });
  }),
  http.post('/api/users/me/sms-phone', async ({ request }) => {
    if (!signedIn(request)) return refused();
    const { idToken } = (await request.json()) as { idToken?: string };
    if (!idToken) return HttpResponse.json({ error: 'idToken is required' }, { status: 400 });
    apiState.notificationPreferences = { ...preferences(), smsPhone: apiState.verifiedPhone };
    return HttpResponse.json(preferences());
  }),
  http.delete('/api/users/me/sms-phone', ({ request }) => {
    if (!signedIn(request)) return refused();
    apiState.notificationPreferences = { ...preferences(), smsPhone: null };
    return HttpResponse.json(preferences());
  }),
  http.get('/api/events', ({ request }) => (signedIn(request) ? eventStream(request) : refused())),
];
