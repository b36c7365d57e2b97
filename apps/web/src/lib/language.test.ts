import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLanguage, setLanguage } from './i18n';
import { applyLanguage, initialLanguage } from './language';

afterEach(async () => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  await setLanguage('en');
  document.documentElement.lang = 'en';
});

describe('initialLanguage', () => {
  it('is Bangla when the browser prefers Bangla, English otherwise', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['bn-BD', 'en']);
    expect(initialLanguage()).toBe('bn');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'bn']);
    expect(initialLanguage()).toBe('bn');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'hi-IN']);
    expect(initialLanguage()).toBe('en');
  });

  it('prefers the stored choice', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['bn-BD']);
    window.localStorage.setItem('meramot-language', 'en');
    expect(initialLanguage()).toBe('en');
    window.localStorage.setItem('meramot-language', 'xx');
    expect(initialLanguage()).toBe('bn');
  });
});

describe('applyLanguage', () => {
  it('switches the texts and <html lang>, and stores the choice when asked', async () => {
    await applyLanguage('bn', true);
    expect(getLanguage()).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');
    expect(window.localStorage.getItem('meramot-language')).toBe('bn');
    await applyLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('meramot-language')).toBe('bn');
  });
});
