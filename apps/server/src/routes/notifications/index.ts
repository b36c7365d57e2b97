import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  languageUpdateSchema,
  LANGUAGES,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationSettingsSchema,
  notificationsReadSchema,
  smsPhoneVerifySchema,
  unreadCountSchema,
} from '@meramot/shared';
import { unauthorized } from '../../lib/http-error';
import { listNotifications, markRead, unreadCount } from '../../notifications/inbox';
import { getPreferences, removeSmsPhone, updatePreferences, verifySmsPhone } from './notifications.service';

const bearer = [{ bearer: [] }];
const authErrors = { 400: errorSchema, 401: errorSchema };
const tokenQuery = z.strictObject({ token: z.string().min(1, { error: 'token is required' }).max(2048) });

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first, paged by cursor",
        security: bearer,
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema, ...authErrors },
      },
      preValidation: app.authenticate,
    },
    (request) => listNotifications(app.db, request.user!.id, request.query),
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: "How many of the caller's notifications are unread",
        security: bearer,
        response: { 200: unreadCountSchema, 401: errorSchema },
      },
      preValidation: app.authenticate,
    },
    async (request) => ({ unread: await unreadCount(app.db, request.user!.id) }),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read: the ids given, or all of them',
        security: bearer,
        body: notificationsReadSchema,
        response: { 200: unreadCountSchema, ...authErrors },
      },
      config: { changes: [] },
      preValidation: app.authenticate,
    },
    async (request) => {
      const userId = request.user!.id;
      const { changed, unread } = await markRead(app.db, userId, request.body.ids);
      // The person's other tabs take the new count.
      if (changed > 0) app.live.bus.publish({ userId, type: 'read', data: { unread } });
      return { unread };
    },
  );

  app.get(
    '/users/me/notification-settings',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's notification switches (per category and channel), language and SMS number",
        security: bearer,
        response: { 200: notificationPreferencesSchema, 401: errorSchema },
      },
      preValidation: app.authenticate,
    },
    (request) => getPreferences(app.db, request.user!.id, app.smsAvailable),
  );

  app.put(
    '/users/me/notification-settings',
    {
      schema: {
        tags: ['notifications'],
        summary: "Change the caller's notification switches and/or the language of e-mails and SMS",
        security: bearer,
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema, ...authErrors },
      },
      config: { changes: ['users'] },
      preValidation: app.authenticate,
    },
    (request) => updatePreferences(app.db, request.user!.id, request.body, app.smsAvailable),
  );

  app.put(
    '/users/me/language',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The language of the e-mails and SMS the caller receives (the language switch sets it)',
        security: bearer,
        body: languageUpdateSchema,
        response: { 200: z.object({ language: z.enum(LANGUAGES) }), ...authErrors },
      },
      config: { changes: ['users'] },
      preValidation: app.authenticate,
    },
    async (request) => {
      const { language } = await updatePreferences(app.db, request.user!.id, request.body, app.smsAvailable);
      return { language };
    },
  );

  app.post(
    '/users/me/sms-phone',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Keep the mobile number verified by Firebase phone sign-in as the one SMS go to',
        description:
          'Send a Firebase ID token of the same account, taken after linking the phone number (its phone_number claim).',
        security: bearer,
        body: smsPhoneVerifySchema,
        response: { 200: notificationPreferencesSchema, ...authErrors, 403: errorSchema },
      },
      config: { changes: ['users'] },
      preValidation: app.authenticate,
    },
    async (request) => {
      let token;
      try {
        token = await app.verifyFirebaseToken(request.body.idToken);
      } catch {
        throw unauthorized('The sign-in token is invalid or has expired. Please sign in again.');
      }
      return verifySmsPhone(app.db, request.user!, token, app.smsAvailable);
    },
  );

  app.delete(
    '/users/me/sms-phone',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Stop SMS: forget the verified mobile number',
        security: bearer,
        response: { 200: notificationPreferencesSchema, 401: errorSchema },
      },
      config: { changes: ['users'] },
      preValidation: app.authenticate,
    },
    (request) => removeSmsPhone(app.db, request.user!.id, app.smsAvailable),
  );

  const linkUser = async (token: string) => {
    const userId = await app.settingsLinks.verify(token);
    if (!userId) {
      throw unauthorized(
        'This link to your notification settings is invalid or has expired. Sign in to change them in Profile Settings.',
      );
    }
    return userId;
  };

  app.get(
    '/notification-settings/link',
    {
      schema: {
        tags: ['notifications'],
        summary: "Notification settings opened from an e-mail's footer (a signed, expiring token; no sign-in)",
        querystring: tokenQuery,
        response: { 200: notificationPreferencesSchema, ...authErrors },
      },
    },
    async (request) => getPreferences(app.db, await linkUser(request.query.token), app.smsAvailable),
  );

  app.put(
    '/notification-settings/link',
    {
      schema: {
        tags: ['notifications'],
        summary: "Change the notification switches from an e-mail's footer link (a signed, expiring token)",
        querystring: tokenQuery,
        body: z.strictObject({ settings: notificationSettingsSchema }),
        response: { 200: notificationPreferencesSchema, ...authErrors },
      },
      config: { changes: ['users'] },
    },
    async (request) => updatePreferences(app.db, await linkUser(request.query.token), request.body, app.smsAvailable),
  );
};
