/** Browser storage keys (spec section 3). */
export const storageKeys = {
  theme: 'theme',
  token: 'meramot-token',
  language: 'meramot-language',
  /** The place chosen by "Near me" or the filters (a district id), kept for the next visit. */
  place: 'meramot-place',
} as const;

export function readStorage(key: string): string | null {
  // On the server there is no storage: said at once (an exception thrown per read cost renders).
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the value lives for this page only
  }
}
