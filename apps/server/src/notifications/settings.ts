import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY,
  SMS_CATEGORIES,
  SMS_KINDS,
  type NotificationKind,
  type NotificationSettings,
} from '@meramot/shared';

/** A person's switches: the stored ones over the defaults (a category added later starts at its default). */
export function effectiveSettings(stored: Partial<NotificationSettings> | null | undefined): NotificationSettings {
  const settings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  for (const category of NOTIFICATION_CATEGORIES) {
    const part = stored?.[category];
    if (part) settings[category] = { ...settings[category], ...part };
    // Categories without an SMS switch never send one, whatever was stored.
    if (!SMS_CATEGORIES.includes(category)) settings[category].sms = false;
  }
  return settings;
}

/** What the outbox should send for one notification of `kind` to a person with these settings. */
export function channelsFor(
  kind: NotificationKind,
  stored: Partial<NotificationSettings> | null | undefined,
  available: { email: boolean; sms: boolean; smsPhone: string | null },
): { inApp: boolean; email: boolean; sms: boolean } {
  const s = effectiveSettings(stored)[NOTIFICATION_CATEGORY[kind]];
  return {
    inApp: s.inApp,
    email: available.email && s.email,
    sms: available.sms && s.sms && available.smsPhone != null && SMS_KINDS.includes(kind),
  };
}

const ISSUER = 'meramot';
const AUDIENCE = 'notification-settings';
/** How long the settings link in an e-mail's footer works. */
export const SETTINGS_LINK_DAYS = 30;

/**
 * Signed links to a person's notification settings (an e-mail's footer opens them without signing
 * in): HS256 JWTs with their own audience, so one is never taken for a session token (those need a
 * session id) nor a session token for one.
 */
export function settingsLinkTokens(jwtSecret: string) {
  const secret = createSecretKey(Buffer.from(jwtSecret, 'utf8'));
  return {
    sign: (userId: string, now = Date.now()) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(userId)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(now / 1000) + SETTINGS_LINK_DAYS * 86_400)
        .sign(secret),
    /** The user id a valid, unexpired link names, else null. */
    async verify(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
export type SettingsLinkTokens = ReturnType<typeof settingsLinkTokens>;

/**
 * Short references to a notification for SMS links (`/n/<id>.<mac>`, about 20 characters where the
 * booking's own link takes 90): the notification id with 10 characters of an HMAC, so ids cannot be
 * walked through to learn which bookings exist.
 */
export function shortLinkRefs(jwtSecret: string) {
  const mac = (id: number) =>
    createHmac('sha256', `short-link:${jwtSecret}`).update(String(id)).digest('base64url').slice(0, 10);
  return {
    sign: (notificationId: number) => `${notificationId}.${mac(notificationId)}`,
    /** The notification id of a valid reference, else null. */
    verify(ref: string): number | null {
      const match = /^(\d{1,18})\.([A-Za-z0-9_-]{10})$/.exec(ref);
      if (!match) return null;
      const id = Number(match[1]);
      const want = Buffer.from(mac(id));
      const given = Buffer.from(match[2]!);
      return want.length === given.length && timingSafeEqual(want, given) ? id : null;
    },
  };
}
export type ShortLinkRefs = ReturnType<typeof shortLinkRefs>;
