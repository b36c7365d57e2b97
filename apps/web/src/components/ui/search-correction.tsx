import { useTranslation } from '@/lib/i18n';

const words = (text: string) => text.normalize('NFC').toLowerCase().split(/\s+/).filter(Boolean);

/**
 * "Showing results for {corrected}" when the server searched for corrected words instead of the
 * typed ones, the corrected words emphasised. A polite live region, present while there is no
 * correction too, so a screen reader hears the line when it appears.
 */
export function SearchCorrection({
  search,
  corrected,
  className = '',
}: {
  search: string;
  corrected: string | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation('search');
  let line = null;
  if (corrected) {
    const typed = new Set(words(search));
    // The sentence around the placeholder, so the words can be marked up inside the translation.
    const marker = '\u0000';
    const [before = '', after = ''] = t('showingResultsFor', { corrected: marker }).split(marker);
    line = (
      <>
        {before}
        {corrected.split(/(\s+)/).map((part, i) =>
          part.trim() && !typed.has(part.normalize('NFC').toLowerCase()) ? (
            <em key={i} className="font-semibold not-italic text-base-content">
              {part}
            </em>
          ) : (
            part
          ),
        )}
        {after}
      </>
    );
  }
  return (
    <p aria-live="polite" className={className}>
      {line}
    </p>
  );
}
