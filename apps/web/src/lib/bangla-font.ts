import regular from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';
import bold from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url';

/**
 * Noto Sans Bengali (self-hosted from @fontsource, the Bengali subset only), added to the document
 * when Bangla is first used: this module is imported dynamically, so English pages never load it.
 * A copy installed on the device (most Android phones, Debian's fonts-noto-core) is used first;
 * `font-display: swap` shows text at once. Weights 400 and 700 (600 falls back to 700).
 */
const BENGALI_RANGE = 'U+0951-0952, U+0964-0965, U+0980-09FE, U+200C-200D, U+25CC';

export function addBanglaFont(): void {
  for (const [weight, url] of [
    ['400', regular],
    ['700', bold],
  ] as const) {
    const face = new FontFace('Noto Sans Bengali', `local('Noto Sans Bengali'), url(${url}) format('woff2')`, {
      weight,
      display: 'swap',
      unicodeRange: BENGALI_RANGE,
    });
    document.fonts.add(face);
  }
}
