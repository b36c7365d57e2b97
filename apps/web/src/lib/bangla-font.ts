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

/** The names a device's copy of each weight goes by (full name, then PostScript name). */
const LOCAL_NAMES: Record<string, readonly string[]> = {
  '400': [BANGLA_FONT_FAMILY, `${BANGLA_FONT_FAMILY} Regular`, 'NotoSansBengali-Regular'],
  '700': [`${BANGLA_FONT_FAMILY} Bold`, 'NotoSansBengali-Bold'],
};

/** A face's source: the device's copy of that weight first, then our file. */
export const banglaFontSource = (url: string, weight: string) =>
  [...(LOCAL_NAMES[weight] ?? []).map((name) => `local('${name}')`), `url(${url}) format('woff2')`].join(', ');

export function addBanglaFont(): void {
  for (const { weight, url } of BANGLA_FONT_FACES) {
    const face = new FontFace(BANGLA_FONT_FAMILY, banglaFontSource(url, weight), {
      weight,
      display: 'swap',
      unicodeRange: BENGALI_RANGE,
    });
    document.fonts.add(face);
  }
}
