import { useId } from 'react';
import { useTranslation, type Language } from '@/lib/i18n';
import { applyLanguage } from '@/lib/language';

/** Each language's name in itself, marked with its own `lang`. */
const LANGUAGE_NAMES: readonly { lang: Language; name: string }[] = [
  { lang: 'bn', name: 'বাংলা' },
  { lang: 'en', name: 'English' },
];

/** The language switch (বাংলা / English): switches in place, no reload, and remembers the choice. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, language } = useTranslation();
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        title={t('language.label')}
        value={language}
        onChange={(e) => void applyLanguage(e.target.value as Language, true)}
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
