import { readStorage, storageKeys, writeStorage } from './storage';

export type Theme = 'light' | 'dark';

export function storedTheme(): Theme {
  return readStorage(storageKeys.theme) === 'dark' ? 'dark' : 'light';
}

/** Applies the theme as data-theme on the root, with the `dark` class when dark, and stores it. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.setAttribute('data-theme', theme);
  root.classList.toggle('dark', theme === 'dark');
  writeStorage(storageKeys.theme, theme);
}
