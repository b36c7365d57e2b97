import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

/**
 * The first grapheme of a text, as Intl.Segmenter finds it for a name (provider-photo.test.tsx
 * checks names in both scripts against it): a character with its marks (শা, é), a conjunct joined
 * by the Bengali virama (ক্ষ, স্ব, ন্ত্র), a ZWJ emoji sequence, a flag. Not Intl.Segmenter itself:
 * a page's first Intl object starts the browser's ICU (lib/numbers.ts), 200 ms of a provider
 * page's main thread at Lighthouse's 4x slowdown for one letter.
 */
const FIRST_GRAPHEME = /^(?:\p{RI}\p{RI}|[^](?:\p{M}|\u200C|\u200D[^]|(?<=\P{M}\u09CD)\P{M})*)/u;

/** The first letter of a name as a person reads it (a whole grapheme: "শা", not half of it). */
export function initialOf(name: string): string {
  const text = name.trim();
  if (!text) return '?';
  // The pattern's first alternative or `[^]` matches any non-empty text.
  return (FIRST_GRAPHEME.exec(text)?.[0] ?? '?').toUpperCase();
}

/**
 * A provider's photo, 112 px round; their initial on a coloured disc when they have none or it
 * fails to load (decorative then: their name is written beside it).
 */
export function ProviderPhoto({ name, src }: { name: string; src: string | null }) {
  const { t } = useTranslation('services');
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return (
      <img
        src={src}
        alt={t('detail.providerAvatar', { name })}
        width={112}
        height={112}
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        className="size-28 shrink-0 rounded-full bg-base-200 object-cover ring-2 ring-base-300"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="provider-initial"
      className="grid size-28 shrink-0 place-items-center rounded-full bg-primary text-5xl font-bold text-primary-content"
    >
      {initialOf(name)}
    </span>
  );
}
