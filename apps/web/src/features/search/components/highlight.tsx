import { splitByPattern } from '../highlight-terms';

/**
 * The text with the pieces `pattern` finds (see `highlightPattern`) wrapped in <mark>. Built from
 * split text as React children: a service's text is never read as HTML.
 */
export function Highlight({ text, pattern }: { text: string; pattern: RegExp | null }) {
  return (
    <>
      {splitByPattern(text, pattern).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-warning/40 px-0.5 text-base-content dark:bg-warning/30">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
