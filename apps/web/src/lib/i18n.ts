import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { coreResources } from '../locales/en/core';

/**
 * Every visible string comes from the English resources (locales/en, one file per namespace). The
 * namespaces of the shell (common, layout, search) load with the app; each route adds its own
 * with `addTranslations`, so their texts travel in the route's chunk.
 */
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: coreResources },
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function addTranslations(namespace: string, bundle: Record<string, unknown>): void {
  if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, bundle, true, false);
}

export default i18n;
