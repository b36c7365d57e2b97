import { useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation, type Language } from '@/lib/i18n';
import { choiceLeft, useLeftBeforeHydration } from '@/lib/hydration';
import { applyLanguage } from '@/lib/language';
import { localizePath, pathLanguage } from '@/lib/page-language';

/** Each language's name in itself, marked with its own `lang`. */
const LANGUAGE_NAMES: readonly { lang: Language; name: string }[] = [
  { lang: 'bn', name: 'বাংলা' },
  { lang: 'en', name: 'English' },
];

/**
 * The language switch (বাংলা / English): remembers the choice and switches without a reload. On a
 * public page it moves to the same page's address in the other language (query and hash kept); a
 * signed-in screen switches in place.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, language } = useTranslation();
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const id = useId();

  const choose = async (lang: Language) => {
    // The texts switch first (loading Bangla's), then the address, so the page never shows one
    // language at the other's address.
    await applyLanguage(lang, true);
    if (pathLanguage(pathname) !== null && pathLanguage(pathname) !== lang) {
      await navigate(localizePath(pathname, lang) + search + hash, { state: state as unknown });
    }
  };

  // A page rendered on the server: a language chosen before the app took over is in the select
  // only (no handler saw it); it applies once the app runs, as it would have on change.
  const selectRef = useRef<HTMLSelectElement>(null);
  useLeftBeforeHydration(selectRef, (select) => {
    const left = LANGUAGE_NAMES.find(({ lang }) => lang === choiceLeft(select))?.lang;
    if (left && left !== language) void choose(left);
  });

  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        ref={selectRef}
        id={id}
        title={t('language.label')}
        value={language}
        onChange={(e) => void choose(e.target.value as Language)}
        className="select w-auto select-ghost select-sm"
      >
        {LANGUAGE_NAMES.map(({ lang, name }) => (
          <option key={lang} value={lang} lang={lang}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
