import { useEffect } from 'react';
import { useTranslation } from './i18n';

/** Sets the page title to "{title} | Meramot" (the default title when none is given). */
export function useDocumentTitle(title?: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title || t('titles.default')} | ${t('productName')}`;
  }, [title, t]);
}
