import { Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { applyTheme, storedTheme, type Theme } from '@/lib/theme';

/** Switches between the light and dark daisyUI themes; the choice is kept under 'theme'. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(storedTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';

  return (
    <button
      type="button"
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
      aria-label={t('nav.toggleTheme', { theme: t(`nav.${next}`) })}
      title={t('nav.toggleTheme', { theme: t(`nav.${next}`) })}
      className={`btn btn-circle btn-ghost btn-sm ${className}`}
    >
      {theme === 'dark' ? (
        <Sun className="size-5" aria-hidden="true" />
      ) : (
        <Moon className="size-5" aria-hidden="true" />
      )}
    </button>
  );
}
