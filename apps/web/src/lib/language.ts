import { getLanguage, LANGUAGES, setLanguage, type Language } from './i18n';
import { readStorage, storageKeys, writeStorage } from './storage';

/**
 * The language in use: stored under 'meramot-language'; without a stored choice, Bangla when the
 * browser prefers Bangla (navigator.languages) and English otherwise. Applying it sets <html lang>
 * and, for Bangla, adds the Bengali font and loads the Bangla texts before the page switches.
 */
export function initialLanguage(): Language {
  const stored = readStorage(storageKeys.language);
  if ((LANGUAGES as readonly string[]).includes(stored ?? '')) return stored as Language;
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return preferred.some((tag) => /^bn\b/i.test(tag)) ? 'bn' : 'en';
}

let fontAdded = false;

/** Switches to `lang` without a reload; `remember` stores it as the user's choice. */
export async function applyLanguage(lang: Language, remember = false): Promise<void> {
  if (remember) writeStorage(storageKeys.language, lang);
  if (lang === 'bn' && !fontAdded && typeof document !== 'undefined' && 'fonts' in document) {
    fontAdded = true;
    void import('./bangla-font').then((m) => m.addBanglaFont());
  }
  await setLanguage(lang);
  if (getLanguage() === lang) document.documentElement.lang = lang;
}
