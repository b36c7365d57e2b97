import {
  messageCreateSchema,
  messageListQuerySchema,
  type ConversationPage,
  type Message,
  type UnreadConversations,
} from '@meramot/shared';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { apiState, type MockConversation } from '../api-state';
import { photosOf } from './photos';

let messageSeq = 1000;

/** A message as the API answers it (numeric, increasing ids); override any field. */
export function makeMessage(overrides: Partial<Message> = {}): Message {
  messageSeq += 1;
  return {
    id: String(messageSeq),
    bookingId: '00000000-0000-4000-8000-000000000001',
    mine: false,
    authorName: 'Rahim Uddin',
    body: `Message ${messageSeq}`,
    createdAt: '2026-11-21T08:00:00.000Z',
    seen: false,
    photos: [],
    ...overrides,
  };
}

/** Sets a booking's conversation in the mock API (messages oldest first) and answers it. */
export function seedConversation(bookingId: string, conversation: Partial<MockConversation> = {}): MockConversation {
  const seeded: MockConversation = {
    messages: [],
    serviceName: 'Smartphone Screen Replacement',
    otherName: 'Rahim Uddin',
    readOnly: false,
    seenUpTo: null,
    unread: 0,
    ...conversation,
  };
  seeded.messages = seeded.messages.map((m) => ({ ...m, bookingId }));
  apiState.conversations[bookingId] = seeded;
  return seeded;
}

const newer = (a: string, b: string) => BigInt(a) > BigInt(b);

/** The conversation of a booking: the seeded one, else an empty one for a booking of the lists. */
function conversationOf(bookingId: string): MockConversation | null {
  const seeded = apiState.conversations[bookingId];
  if (seeded) return seeded;
  const mine = apiState.userBookings.find((b) => b._id === bookingId);
  const theirs = apiState.providerBookings.find((b) => b._id === bookingId);
  if (!mine && !theirs) return null;
  return seedConversation(bookingId, {
    serviceName: (mine ?? theirs)!.serviceName,
    otherName: mine ? mine.providerName : theirs!.customerName,
  });
}

const notFound = () => HttpResponse.json({ error: 'Booking not found' }, { status: 404 });

/** /api/bookings/{id}/messages and /api/messages/unread, answered from `apiState.conversations`. */
export const conversationHandlers: HttpHandler[] = [
  http.get('/api/bookings/:id/messages', ({ params, request }) => {
    const conversation = conversationOf(String(params.id));
    if (!conversation) return notFound();
    const query = messageListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return HttpResponse.json({ error: query.error.issues[0]!.message }, { status: 400 });
    const { before, limit } = query.data;
    const older = conversation.messages.filter((m) => !before || newer(before, m.id));
    const page = older.slice(-limit);
    const answer: ConversationPage = {
      items: [...page].reverse(),
      nextCursor: older.length > page.length ? page[0]!.id : null,
      serviceName: conversation.serviceName,
      otherName: conversation.otherName,
      readOnly: conversation.readOnly,
      seenUpTo: conversation.seenUpTo,
      unread: conversation.unread,
    };
    return HttpResponse.json(answer);
  }),
  http.post('/api/bookings/:id/messages', async ({ params, request }) => {
    const conversation = conversationOf(String(params.id));
    if (!conversation) return notFound();
    const parsed = messageCreateSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return HttpResponse.json({ error: parsed.error.issues[0]!.message }, { status: 400 });
    if (conversation.readOnly) {
      return HttpResponse.json({ error: 'This conversation is closed.' }, { status: 409 });
    }
    const message = makeMessage({
      bookingId: String(params.id),
      mine: true,
      authorName: apiState.user?.displayName ?? 'Me',
      body: parsed.data.body,
      createdAt: new Date().toISOString(),
      photos: photosOf(parsed.data.photoIds),
    });
    conversation.messages.push(message);
    return HttpResponse.json(message, { status: 201 });
  }),
  http.post('/api/bookings/:id/messages/read', ({ params }) => {
    const conversation = conversationOf(String(params.id));
    if (!conversation) return notFound();
    conversation.unread = 0;
    const theirs = conversation.messages.filter((m) => !m.mine);
    return HttpResponse.json({ lastReadId: theirs.at(-1)?.id ?? null });
  }),
  http.get('/api/messages/unread', () => {
    const answer: UnreadConversations = {
      bookings: Object.entries(apiState.conversations)
        .filter(([, c]) => c.unread > 0)
        .map(([bookingId, c]) => ({ bookingId, unread: c.unread })),
    };
    return HttpResponse.json(answer);
  }),
];
