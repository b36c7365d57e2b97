/**
 * What an uploaded file is, read from its first bytes (never from its name or declared type):
 * the formats a photo may come in, and HEIC (an iPhone's default), which is recognised only to
 * tell the person how to send it instead.
 */
export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif';
export type Sniffed = PhotoFormat | 'heic' | null;

/** How many bytes `sniff` needs. */
export const SNIFF_BYTES = 32;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The ISO base media file (HEIF family) brands: the major brand and the compatible ones. */
function brands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const size = Math.min(bytes.length, (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!);
  const found = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) found.push(ascii(bytes, at, at + 4));
  return found;
}

export function sniff(bytes: Uint8Array): Sniffed {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const found = brands(bytes);
  if (found.some((b) => b === 'avif' || b === 'avis')) return 'avif';
  if (found.some((b) => ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(b))) return 'heic';
  return null;
}
