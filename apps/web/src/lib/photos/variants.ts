import type { Photo } from '@meramot/shared';

/**
 * The `srcset` of a photo's variants in a format, narrowest first ("url 320w, url 640w, ...").
 * AVIF is stored only at the widths where it is smaller than WebP: at the other widths the AVIF
 * set takes the WebP (every browser that reads AVIF reads WebP), so a browser that picks the AVIF
 * source still has every width to choose from.
 */
export function srcSetOf(photo: Pick<Photo, 'variants'>, format: 'webp' | 'avif'): string {
  const byWidth = new Map<number, string>();
  for (const v of photo.variants) if (v.format === 'webp') byWidth.set(v.width, v.url);
  if (format === 'avif') for (const v of photo.variants) if (v.format === 'avif') byWidth.set(v.width, v.url);
  return [...byWidth]
    .sort(([a], [b]) => a - b)
    .map(([width, url]) => `${url} ${width}w`)
    .join(', ');
}

/** Whether the photo has any AVIF variant (else its <picture> has only the WebP source). */
export const hasAvif = (photo: Pick<Photo, 'variants'>) => photo.variants.some((v) => v.format === 'avif');
