import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

/**
 * Where graphemes end, made once: making an Intl object resolves its locale, and a new segmenter
 * per name was 1.5 % of a provider page's render on the server.
 */
const graphemes =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** The first letter of a name as a person reads it (a whole grapheme: "শা", not half of it). */
export function initialOf(name: string): string {
  const text = name.trim();
  if (!text) return '?';
  const first = graphemes ? graphemes.segment(text)[Symbol.iterator]().next().value?.segment : Array.from(text)[0];
  return (first ?? '?').toLocaleUpperCase();
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
