const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with every case-insensitive occurrence of `query` wrapped in <mark>, as React text. */
export function Highlight({ text, query }: { text: string; query: string }) {
  const needle = query.trim();
  if (!needle) return <>{text}</>;
  const parts = text.split(new RegExp(`(${escapeRegExp(needle)})`, 'gi'));
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded-sm bg-warning/40 px-0.5 text-base-content dark:bg-warning/30">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}
