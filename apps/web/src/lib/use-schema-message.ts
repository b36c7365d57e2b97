import { localizeMessage } from '@meramot/shared';
import { useTranslation } from './i18n';

/** A shared schema's sentence (packages/shared messages) in the language in use. */
export function useSchemaMessage(): (message: string | undefined) => string | undefined {
  const { language } = useTranslation();
  return (message) => (message === undefined ? undefined : localizeMessage(message, language));
}
