import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { addDays, DEFAULT_NOTIFICATION_SETTINGS, dhakaDate } from '@meramot/shared';
import { book, completedBooking, createService, idTokenWithPhone, servicePayload, tomorrow } from '../helpers';
import type { Person } from './token-kinds';

/** Who calls: no token at all, a signed-in person the target does not belong to, or its owner. */
export type Caller = 'visitor' | 'other' | 'owner';

export interface MatrixContext {
  app: FastifyInstance;
  owner: Person;
  other: Person;
  /** A third person: the counterpart of the owner (customer of the owner's services, provider of the owner's bookings). */
  helper: Person;
  /** A new person who can be logged out without touching the others. */
  throwaway(): Promise<Person>;
}

export interface Target {
  url: string;
  payload?: unknown;
  /** The person whose tokens make the request (the caller's, unless the row needs a person of its own). */
  as?: Person;
}

/**
 * One row per operation of the route table. `expect` is the status for a caller with a valid token
 * (our token or a Firebase ID token) and for a visitor; `forged` is the status for every other kind
 * (alg-none, wrong secret, expired, another project's, revoked): 401 where a token is required, and
 * the visitor's answer where it is optional or ignored.
 */
export interface MatrixRow {
  route: string;
  expect: Record<Caller, number>;
  forged: number;
  /** Makes a fresh target for one cell (so a cell that changes data never affects the next). */
  prepare(ctx: MatrixContext, caller: Caller): Promise<Target>;
}

const fixed = (url: string, payload?: unknown) => async (): Promise<Target> => ({ url, payload });
const publicRow = (route: string, url: string, status = 200): MatrixRow => ({
  route,
  expect: { visitor: status, other: status, owner: status },
  forged: status,
  prepare: fixed(url),
});
const signedIn = (route: string, prepare: MatrixRow['prepare'], other: number, owner: number): MatrixRow => ({
  route,
  expect: { visitor: 401, other, owner },
  forged: 401,
  prepare,
});
const ownEmail = (path: string) => async (ctx: MatrixContext) => ({
  url: `${path}/${encodeURIComponent(ctx.owner.email)}`,
});

/** Made once per matrix run and shared by its cells (reading them changes nothing another cell sees). */
function once<T>(make: (ctx: MatrixContext) => Promise<T>) {
  const made = new WeakMap<MatrixContext, Promise<T>>();
  return (ctx: MatrixContext) => {
    if (!made.has(ctx)) made.set(ctx, make(ctx));
    return made.get(ctx)!;
  };
}
/** A photo the person uploaded (a small PNG, sent as multipart/form-data): its id. */
async function uploadedPhoto(app: FastifyInstance, person: Person): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
  const boundary = 'matrixphotoboundary';
  const res = await app.inject({
    method: 'POST',
    url: '/api/photos',
    headers: { ...person.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (res.statusCode !== 201) throw new Error(`photo upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** A completed booking of the owner's service by the helper: the owner is a party to its conversation. */
const ownerConversation = once(async (ctx) => {
  const service = await createService(ctx.app, ctx.owner);
  return (await completedBooking(ctx.app, ctx.owner, ctx.helper, service._id))._id;
});
/** A Firebase ID token of the owner's account after a (random, Bangladeshi) phone number was linked to it. */
const ownerPhoneToken = once((ctx) =>
  idTokenWithPhone(ctx.owner, `+88017${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`),
);
/** The owner's id, once they have an active service of their own: a provider's page. */
const ownerIsProvider = once(async (ctx) => {
  await createService(ctx.app, ctx.owner, { serviceName: 'Matrix provider page service' });
  return ctx.owner.id;
});
/**
 * The customers of the bookings the accept and decline rows answer, one each: every cell needs a
 * pending booking of its own, and one person may hold at most 30 pending bookings.
 */
const acceptingCustomer = once((ctx) => ctx.throwaway());
const decliningCustomer = once((ctx) => ctx.throwaway());
const proposingCustomer = once((ctx) => ctx.throwaway());
const acceptedProposalCustomer = once((ctx) => ctx.throwaway());
const declinedProposalCustomer = once((ctx) => ctx.throwaway());
/** A booking of the owner's service whose customer proposed another time (the owner answers it). */
async function proposedTo(ctx: MatrixContext, customer: Person, answer: 'accept' | 'decline') {
  const service = await createService(ctx.app, ctx.owner);
  const booking = await book(ctx.app, customer, service._id);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/bookings/${booking._id}/proposals`,
    headers: customer.auth,
    payload: { serviceTakingDate: addDays(dhakaDate(), 3), window: 'evening' },
  });
  const proposal = (res.json() as { proposals: { id: string }[] }).proposals[0]!;
  return { url: `/api/bookings/${booking._id}/proposals/${proposal.id}/${answer}` };
}
const conversationRow = (route: string, path: string, owner: number, payload?: unknown) =>
  signedIn(
    route,
    async (ctx) => ({ url: `/api/bookings/${await ownerConversation(ctx)}${path}`, payload }),
    403,
    owner,
  );

export const MATRIX: MatrixRow[] = [
  {
    route: 'POST /api/auth/firebase-login',
    // The bearer header is ignored: the body's ID token is what signs in.
    expect: { visitor: 200, other: 200, owner: 200 },
    forged: 200,
    prepare: async (ctx) => ({ url: '/api/auth/firebase-login', payload: { idToken: ctx.owner.idToken } }),
  },
  signedIn('GET /api/auth/verify', fixed('/api/auth/verify'), 200, 200),
  signedIn('POST /api/auth/logout', async (ctx) => ({ url: '/api/auth/logout', as: await ctx.throwaway() }), 200, 200),
  signedIn('GET /api/users/me', fixed('/api/users/me'), 200, 200),
  signedIn('PUT /api/users/me', fixed('/api/users/me', { displayName: 'Matrix Person' }), 200, 200),

  publicRow('GET /api/services', '/api/services'),
  publicRow('GET /api/services/areas', '/api/services/areas'),
  publicRow('GET /api/services/places', '/api/services/places'),
  publicRow('GET /api/services/categories', '/api/services/categories'),
  signedIn('GET /api/services/provider/:id', ownEmail('/api/services/provider'), 403, 200),
  {
    route: 'GET /api/services/:id',
    // A paused service: only its provider, with a valid token, sees it.
    expect: { visitor: 404, other: 404, owner: 200 },
    forged: 404,
    prepare: async (ctx) => ({
      url: `/api/services/${(await createService(ctx.app, ctx.owner, { status: 'paused' }))._id}`,
    }),
  },
  signedIn('POST /api/services', fixed('/api/services', servicePayload()), 201, 201),
  signedIn(
    'PUT /api/services/:id',
    async (ctx) => ({
      url: `/api/services/${(await createService(ctx.app, ctx.owner))._id}`,
      payload: { status: 'paused' },
    }),
    403,
    200,
  ),
  signedIn(
    'DELETE /api/services/:id',
    async (ctx) => ({ url: `/api/services/${(await createService(ctx.app, ctx.owner))._id}` }),
    403,
    200,
  ),
  publicRow('GET /api/search/:text', '/api/search/phone'),
  publicRow('GET /api/stats', '/api/stats'),

  signedIn('GET /api/bookings', fixed('/api/bookings'), 200, 200),
  signedIn(
    'POST /api/bookings',
    // The owner is the service's provider: nobody books their own service.
    async (ctx) => ({
      url: '/api/bookings',
      payload: { serviceId: (await createService(ctx.app, ctx.owner))._id, serviceTakingDate: tomorrow() },
    }),
    201,
    403,
  ),
  publicRow('GET /api/bookings/stats', '/api/bookings/stats'),
  signedIn('GET /api/bookings/user/:id', ownEmail('/api/bookings/user'), 403, 200),
  signedIn('GET /api/bookings/provider/:id', ownEmail('/api/bookings/provider'), 403, 200),
  signedIn(
    'PUT /api/bookings/:id/status',
    // The owner is the booking's provider.
    async (ctx) => {
      const service = await createService(ctx.app, ctx.owner);
      const booking = await book(ctx.app, ctx.helper, service._id);
      return { url: `/api/bookings/${booking._id}/status`, payload: { status: 'working' } };
    },
    403,
    200,
  ),
  signedIn(
    'POST /api/bookings/:id/accept',
    // The owner is the booking's provider.
    async (ctx) => {
      const service = await createService(ctx.app, ctx.owner);
      return { url: `/api/bookings/${(await book(ctx.app, await acceptingCustomer(ctx), service._id))._id}/accept` };
    },
    403,
    200,
  ),
  signedIn(
    'POST /api/bookings/:id/decline',
    // The owner is the booking's provider.
    async (ctx) => {
      const service = await createService(ctx.app, ctx.owner);
      return {
        url: `/api/bookings/${(await book(ctx.app, await decliningCustomer(ctx), service._id))._id}/decline`,
        payload: { reason: 'I am away this week.' },
      };
    },
    403,
    200,
  ),
  signedIn(
    'POST /api/bookings/:id/proposals',
    // The owner is the booking's provider.
    async (ctx) => {
      const service = await createService(ctx.app, ctx.owner);
      return {
        url: `/api/bookings/${(await book(ctx.app, await proposingCustomer(ctx), service._id))._id}/proposals`,
        payload: { serviceTakingDate: addDays(dhakaDate(), 3), window: 'morning' },
      };
    },
    403,
    201,
  ),
  signedIn(
    'POST /api/bookings/:id/proposals/:proposalId/accept',
    async (ctx) => proposedTo(ctx, await acceptedProposalCustomer(ctx), 'accept'),
    403,
    200,
  ),
  signedIn(
    'POST /api/bookings/:id/proposals/:proposalId/decline',
    async (ctx) => proposedTo(ctx, await declinedProposalCustomer(ctx), 'decline'),
    403,
    200,
  ),
  signedIn(
    'DELETE /api/bookings/:id',
    // The owner is the booking's customer.
    async (ctx) => {
      const service = await createService(ctx.app, ctx.helper);
      return { url: `/api/bookings/${(await book(ctx.app, ctx.owner, service._id))._id}` };
    },
    403,
    200,
  ),

  signedIn(
    'POST /api/reviews',
    // The owner is the customer of a completed booking.
    async (ctx) => {
      const service = await createService(ctx.app, ctx.helper);
      const booking = await completedBooking(ctx.app, ctx.helper, ctx.owner, service._id);
      return {
        url: '/api/reviews',
        payload: { bookingId: booking._id, rating: 4, comment: 'Good and quick repair work.' },
      };
    },
    403,
    201,
  ),
  signedIn(
    'PUT /api/reviews/:id',
    // The owner wrote the review (the customer of a completed booking).
    async (ctx) => {
      const service = await createService(ctx.app, ctx.helper);
      const booking = await completedBooking(ctx.app, ctx.helper, ctx.owner, service._id);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: ctx.owner.auth,
        payload: { bookingId: booking._id, rating: 4, comment: 'Good and quick repair work.' },
      });
      return {
        url: `/api/reviews/${(res.json() as { _id: string })._id}`,
        payload: { rating: 5, comment: 'Even better than I first said.' },
      };
    },
    403,
    200,
  ),
  publicRow('GET /api/reviews/recent', '/api/reviews/recent'),
  publicRow('GET /api/reviews/stats', '/api/reviews/stats'),
  publicRow('GET /api/reviews/service/:id', '/api/reviews/service/00000000-0000-4000-8000-000000000000'),
  signedIn('GET /api/reviews/user/:id', ownEmail('/api/reviews/user'), 403, 200),

  // A provider's page and its lists: public (the owner, with an active service, is a provider).
  ...['', '/services', '/reviews'].map((path): MatrixRow => ({
    route: `GET /api/providers/:id${path}`,
    expect: { visitor: 200, other: 200, owner: 200 },
    forged: 200,
    prepare: async (ctx) => ({ url: `/api/providers/${await ownerIsProvider(ctx)}${path}` }),
  })),

  // Photos (issue 23): uploading needs a token (the matrix sends no file: 400 past the lock);
  // only the uploader removes a photo.
  signedIn('POST /api/photos', fixed('/api/photos'), 400, 400),
  signedIn(
    'DELETE /api/photos/:id',
    async (ctx) => ({ url: `/api/photos/${await uploadedPhoto(ctx.app, ctx.owner)}` }),
    403,
    200,
  ),

  // Places (issue 24): public, the same for everyone.
  publicRow('GET /api/places', '/api/places'),

  // The conversation of a booking: its two parties only (another person 403).
  conversationRow('GET /api/bookings/:id/messages', '/messages', 200),
  conversationRow('POST /api/bookings/:id/messages', '/messages', 201, { body: 'Matrix message' }),
  conversationRow('POST /api/bookings/:id/messages/read', '/messages/read', 200),
  signedIn('GET /api/messages/unread', fixed('/api/messages/unread'), 200, 200),

  // Notifications and their settings: always the caller's own.
  signedIn('GET /api/notifications', fixed('/api/notifications'), 200, 200),
  signedIn('GET /api/notifications/unread-count', fixed('/api/notifications/unread-count'), 200, 200),
  signedIn('POST /api/notifications/read', fixed('/api/notifications/read', {}), 200, 200),
  signedIn('GET /api/users/me/notification-settings', fixed('/api/users/me/notification-settings'), 200, 200),
  signedIn(
    'PUT /api/users/me/notification-settings',
    fixed('/api/users/me/notification-settings', { settings: DEFAULT_NOTIFICATION_SETTINGS, language: 'en' }),
    200,
    200,
  ),
  signedIn('PUT /api/users/me/language', fixed('/api/users/me/language', { language: 'en' }), 200, 200),
  signedIn(
    'POST /api/users/me/sms-phone',
    // The body is a phone-verified ID token of the owner's account: of no use to anyone else.
    async (ctx) => ({ url: '/api/users/me/sms-phone', payload: { idToken: await ownerPhoneToken(ctx) } }),
    403,
    200,
  ),
  signedIn('DELETE /api/users/me/sms-phone', fixed('/api/users/me/sms-phone'), 200, 200),
  {
    route: 'GET /api/notification-settings/link',
    // The signed token of an e-mail's footer is the credential; a bearer header, forged or not, is ignored.
    expect: { visitor: 200, other: 200, owner: 200 },
    forged: 200,
    prepare: async (ctx) => ({
      url: `/api/notification-settings/link?token=${await ctx.app.settingsLinks.sign(ctx.owner.id)}`,
    }),
  },
  {
    route: 'PUT /api/notification-settings/link',
    expect: { visitor: 200, other: 200, owner: 200 },
    forged: 200,
    prepare: async (ctx) => ({
      url: `/api/notification-settings/link?token=${await ctx.app.settingsLinks.sign(ctx.owner.id)}`,
      payload: { settings: DEFAULT_NOTIFICATION_SETTINGS },
    }),
  },
  // The caller's own live stream (it ends after 0.2 s in the tests).
  signedIn('GET /api/events', fixed('/api/events'), 200, 200),

  publicRow('GET /api/health', '/api/health'),
  publicRow('GET /api/ready', '/api/ready'),
  // The API documentation (Swagger UI and the OpenAPI document) is public.
  publicRow('GET /api/docs', '/api/docs'),
  publicRow('GET /api/docs/', '/api/docs/'),
  publicRow('GET /api/docs/static/index.html', '/api/docs/static/index.html', 302),
  publicRow('GET /api/docs/static/swagger-initializer.js', '/api/docs/static/swagger-initializer.js'),
  publicRow('GET /api/docs/*', '/api/docs/static/swagger-ui.css'),
  publicRow('GET /api/docs/json', '/api/docs/json'),
  publicRow('GET /api/docs/yaml', '/api/docs/yaml'),
];
