import { profileMessages } from '@meramot/shared';
import { useTranslation } from '@/lib/i18n';
import { passwordMessages } from './password-change-schema';

const keys = new Map<string, string>(
  Object.entries({ ...profileMessages, ...passwordMessages }).map(([key, text]) => [text, key]),
);

/** The i18n key (under 'validation.') of a schema message, or undefined for an unknown text. */
export const validationKey = (message: string | undefined) => (message ? keys.get(message) : undefined);

/** A schema message as shown under a field: its text in the profile namespace, else as given. */
export function useValidationText() {
  const { t } = useTranslation('profile');
  return (message: string | undefined) => {
    const key = validationKey(message);
    return message && (key ? t(`validation.${key}`) : message);
  };
}
