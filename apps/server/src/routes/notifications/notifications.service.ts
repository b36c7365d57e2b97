import { eq } from 'drizzle-orm';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Language, NotificationPreferences, NotificationSettings } from '@meramot/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { effectiveSettings } from '../../notifications/settings';

/** A person's notification switches, language and SMS number. */
export async function getPreferences(db: Db, userId: string, smsAvailable: boolean): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ settings: users.notificationSettings, language: users.language, smsPhone: users.smsPhone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('Not found.');
  return {
    settings: effectiveSettings(row.settings),
    language: row.language as Language,
    smsPhone: row.smsPhone,
    smsAvailable,
  };
}

export async function updatePreferences(
  db: Db,
  userId: string,
  update: { settings?: NotificationSettings; language?: Language },
  smsAvailable: boolean,
): Promise<NotificationPreferences> {
  if (update.settings || update.language) {
    await db
      .update(users)
      .set({
        ...(update.settings ? { notificationSettings: effectiveSettings(update.settings) } : {}),
        ...(update.language ? { language: update.language } : {}),
      })
      .where(eq(users.id, userId));
  }
  return getPreferences(db, userId, smsAvailable);
}

/** +8801XXXXXXXXX: a Bangladeshi mobile number in E.164, as Firebase phone sign-in reports it. */
const BD_MOBILE_E164 = /^\+8801[3-9]\d{8}$/;

/**
 * Keeps the phone number Firebase verified (phone sign-in linked to this account) as the one SMS
 * go to. The token must be of the caller's own Firebase account and carry `phone_number`.
 */
export async function verifySmsPhone(
  db: Db,
  user: { id: string; firebaseUid: string },
  token: DecodedIdToken,
  smsAvailable: boolean,
): Promise<NotificationPreferences> {
  if (token.uid !== user.firebaseUid)
    throw forbidden('This phone verification belongs to another account. Sign in again and retry.');
  const phone = token.phone_number;
  if (!phone) throw badRequest('This sign-in token carries no verified phone number. Verify the number first.');
  if (!BD_MOBILE_E164.test(phone)) throw badRequest('SMS can only go to a Bangladeshi mobile number (+8801XXXXXXXXX).');
  await db.update(users).set({ smsPhone: phone }).where(eq(users.id, user.id));
  return getPreferences(db, user.id, smsAvailable);
}

export async function removeSmsPhone(db: Db, userId: string, smsAvailable: boolean): Promise<NotificationPreferences> {
  await db.update(users).set({ smsPhone: null }).where(eq(users.id, userId));
  return getPreferences(db, userId, smsAvailable);
}
