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

// The font's files as the build names them: the test needs their addresses, not Vite serving them.
vi.mock('./bangla-font-files', () => ({
  BANGLA_FONT_FACES: [
    { weight: '400', url: '/assets/noto-sans-bengali-400.woff2' },
    { weight: '700', url: '/assets/noto-sans-bengali-700.woff2' },
  ],
}));

describe('the Bengali font', () => {
  /** A fresh copy of the module (it adds the font once), with document.fonts and FontFace (jsdom has neither) as spies. */
  async function freshLanguage() {
    vi.resetModules();
    const add = vi.fn();
    Object.defineProperty(document, 'fonts', { value: { add }, configurable: true });
    vi.stubGlobal(
      'FontFace',
      class {
        constructor(
          readonly family: string,
          readonly source: string,
          readonly descriptors: FontFaceDescriptors,
        ) {}
      },
    );
    const language = await import('./language');
    return { ...language, add };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    delete (document as { fonts?: unknown }).fonts;
    document.getElementById('bangla-font')?.remove();
  });

  it('is added with Bangla (weights 400 and 700, swap)', async () => {
    const { applyLanguage, add } = await freshLanguage();
    await applyLanguage('bn');
    await vi.dynamicImportSettled();
    expect(add).toHaveBeenCalledTimes(2);
    const faces = add.mock.calls.map(([face]) => face as { family: string; descriptors: FontFaceDescriptors });
    expect(faces.map((face) => [face.family, face.descriptors.weight, face.descriptors.display])).toEqual([
      ['Noto Sans Bengali', '400', 'swap'],
      ['Noto Sans Bengali', '700', 'swap'],
    ]);
    expect(add.mock.calls.map(([face]) => (face as { source: string }).source)).toEqual([
      // The device's copy of each weight first (its full name, then its PostScript name).
      "local('Noto Sans Bengali'), local('Noto Sans Bengali Regular'), local('NotoSansBengali-Regular'), url(/assets/noto-sans-bengali-400.woff2) format('woff2')",
      "local('Noto Sans Bengali Bold'), local('NotoSansBengali-Bold'), url(/assets/noto-sans-bengali-700.woff2) format('woff2')",
    ]);
  });

  it('is not added again on a Bangla page from the server, which declares it in its head', async () => {
    const { applyLanguage, BANGLA_FONT_STYLE_ID, add } = await freshLanguage();
    const style = document.createElement('style');
    style.id = BANGLA_FONT_STYLE_ID;
    document.head.append(style);
    await applyLanguage('bn');
    await vi.dynamicImportSettled();
    expect(add).not.toHaveBeenCalled();
  });
});
