import { useEffect } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { useTranslation } from '@/lib/i18n';
import { storedLanguage } from '@/lib/page-language';
import { updateLanguage } from '../api/update-language';

/** What the server was last told in this tab, per session: one call per sign-in and per switch. */
let lastSent: string | null = null;

/**
 * Tells the server the signed-in person's language (PUT /api/users/me/language) once after sign-in
 * and whenever the language switch changes it, so their e-mails and SMS come in it. Silent: a
 * failure is tried again on the next change or sign-in. Their language is the stored choice when
 * there is one: reading a public page at its other language's address does not change it.
 */
export function LanguageSync() {
  const { user, token } = useAuth();
  // Re-rendered by every language change, the switch's included (it stores before it switches).
  const { language: inUse } = useTranslation();
  const language = storedLanguage() ?? inUse;
  const session = user && token ? `${user.id}/${token}` : null;

  useEffect(() => {
    if (!session) return;
    const key = `${session}/${language}`;
    if (key === lastSent) return;
    lastSent = key;
    updateLanguage(language).catch(() => {
      if (lastSent === key) lastSent = null;
    });
  }, [session, language]);

  return null;
}

/** For tests: forget what was sent. */
export const resetLanguageSync = () => void (lastSent = null);
