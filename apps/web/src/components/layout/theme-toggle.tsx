import { Moon, Sun } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '@/lib/i18n';
import { applyTheme, storedTheme, type Theme } from '@/lib/theme';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** The server renders the light theme's button; hydrating, the stored theme follows at once. */
const serverTheme = (): Theme => 'light';

/** Switches between the light and dark daisyUI themes; the choice is kept under 'theme'. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useSyncExternalStore(subscribe, storedTheme, serverTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';

  return (
    <button
      type="button"
      onClick={() => {
        applyTheme(next);
        for (const listener of listeners) listener();
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
