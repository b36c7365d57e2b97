import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from '../locales/en';

/** Every visible string comes from the English resources (locales/en, one file per namespace). */
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: resources },
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
