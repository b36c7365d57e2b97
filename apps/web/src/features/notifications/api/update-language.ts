import type { Language } from '@meramot/shared';
import { api } from '@/lib/api-client';

/** PUT /api/users/me/language: the language e-mails and SMS are written in (the language switch's). */
export const updateLanguage = (language: Language) =>
  api<{ language: Language }>('/users/me/language', { method: 'PUT', body: { language }, auth: true });
