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

/** The id of the <style> in which a Bangla page from the server declares the Bengali font (app/ssr/head.ts). */
export const BANGLA_FONT_STYLE_ID = 'bangla-font';

let fontAdded = false;

/** Switches to `lang` without a reload; `remember` stores it as the user's choice. */
export async function applyLanguage(lang: Language, remember = false): Promise<void> {
  if (remember) writeStorage(storageKeys.language, lang);
  if (lang === 'bn' && !fontAdded && typeof document !== 'undefined' && 'fonts' in document) {
    fontAdded = true;
    // A Bangla page from the server has it already (a second face of the same font could swap the
    // text to the fallback and back while it loads).
    if (!document.getElementById(BANGLA_FONT_STYLE_ID)) void import('./bangla-font').then((m) => m.addBanglaFont());
  }
  await setLanguage(lang);
  if (getLanguage() === lang) document.documentElement.lang = lang;
}
