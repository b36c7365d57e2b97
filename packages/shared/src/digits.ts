/**
 * Latin digits as Bengali ones (১০০), anything else as it is: for the server's Bangla sentences and
 * the web app's numbers. Its own entry point (`@meramot/shared/digits`), so that the browser's first
 * module can take it without the rest of the package (the package's schemas and messages are built
 * as their modules load, and a bundler keeps that work).
 */
const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

export function bengaliDigits(value: number | string): string {
  const text = String(value);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += code >= 48 && code <= 57 ? BENGALI_DIGITS[code - 48] : text[i];
  }
  return out;
}
