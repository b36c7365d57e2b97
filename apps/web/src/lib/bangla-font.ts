import { BANGLA_FONT_FACES } from './bangla-font-files';

export { BANGLA_FONT_FACES };

/**
 * Noto Sans Bengali (self-hosted from @fontsource, the Bengali subset only), weights 400 and 700
 * (600 falls back to 700). A copy installed on the device (most Android phones, Debian's
 * fonts-noto-core) is used first. A Bangla page from the server declares it in its head, its files
 * preloaded (app/ssr/head.ts); otherwise it is added here when Bangla is first used: this module is
 * imported dynamically (lib/language.ts), so English pages never load it, and `font-display: swap`
 * shows text at once.
 */
export const BANGLA_FONT_FAMILY = 'Noto Sans Bengali';
export const BENGALI_RANGE = 'U+0951-0952, U+0964-0965, U+0980-09FE, U+200C-200D, U+25CC';

/** A face's source: the device's copy first, then our file. */
export const banglaFontSource = (url: string) => `local('${BANGLA_FONT_FAMILY}'), url(${url}) format('woff2')`;

export function addBanglaFont(): void {
  for (const { weight, url } of BANGLA_FONT_FACES) {
    const face = new FontFace(BANGLA_FONT_FAMILY, banglaFontSource(url), {
      weight,
      display: 'swap',
      unicodeRange: BENGALI_RANGE,
    });
    document.fonts.add(face);
  }
}
