import { profileMessages } from '@meramot/shared';
import { passwordMessages } from './password-change-schema';

const keys = new Map<string, string>(
  Object.entries({ ...profileMessages, ...passwordMessages }).map(([key, text]) => [text, key]),
);

/** The i18n key (under 'validation.') of a schema message, or undefined for an unknown text. */
export const validationKey = (message: string | undefined) => (message ? keys.get(message) : undefined);
