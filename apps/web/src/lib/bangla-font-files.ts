import regular from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';
import bold from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url';

/**
 * The Bengali font's faces: weight and file (the build's address of each @fontsource file). A
 * module of its own, so that a test can stand in for the files (lib/language.test.ts).
 */
export const BANGLA_FONT_FACES = [
  { weight: '400', url: regular },
  { weight: '700', url: bold },
] as const;
