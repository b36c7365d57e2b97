import type { SearchUnderstanding, Service } from '@meramot/shared';
import { SearchX } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { useMemo } from 'react';
import { SearchCorrection } from '@/components/ui/search-correction';
import { highlightPattern } from '../highlight-terms';
import { SearchResultItem } from './search-result-item';

interface Props {
  panelId: string;
  listboxId: string;
  optionId(index: number): string;
  open: boolean;
  /** The trimmed text the results belong to. */
  query: string;
  /** Too little typed to ask the server yet. */
  tooShort: boolean;
  /** How the server understood the text the results belong to (matched terms, correction). */
  understood: SearchUnderstanding | null;
  pending: boolean;
  failed: boolean;
  results: Service[];
  activeIndex: number;
  onChoose(): void;
}

/** The header search dropdown: a status line, the matches (a listbox), and the way to all results. */
export function SearchDropdown(props: Props) {
  const {
    panelId,
    listboxId,
    optionId,
    open,
    query,
    tooShort,
    understood,
    pending,
    failed,
    results,
    activeIndex,
    onChoose,
  } = props;
  const { t } = useTranslation('search');
  const localize = useLocalize();
  const allResults = localize(paths.servicesSearch(query));
  const empty = !tooShort && !pending && !failed && results.length === 0;
  // The server's terms: what was typed, its completions, synonyms and corrections ("fridge" marks "Refrigerator").
  const terms = understood?.terms;
  const pattern = useMemo(() => highlightPattern(terms ?? query.split(/\s+/)), [terms, query]);

  return (
    <div
      id={panelId}
      hidden={!open}
      className="absolute top-full right-0 left-0 z-50 mt-2 overflow-hidden rounded-box border border-base-300 bg-base-100 text-base-content shadow-xl lg:right-auto lg:w-[28rem] lg:max-w-[calc(100vw-2rem)]"
    >
      <div className="flex items-center justify-between gap-2 border-b border-base-300 px-3 py-2 text-sm">
        <p role="status" className="min-w-0 truncate font-medium">
          {tooShort
            ? t('typeMore')
            : pending
              ? t('searching')
              : t('resultsFor', { count: results.length, text: query })}
        </p>
        <Link to={allResults} onClick={onChoose} className="link shrink-0 text-primary">
          {t('seeAll')}
        </Link>
      </div>

      <SearchCorrection
        search={query}
        corrected={pending ? null : understood?.corrected}
        className="px-3 pt-2 text-sm text-base-content/80 empty:hidden"
      />

      {failed && !pending && (
        <p role="alert" className="px-3 py-4 text-sm">
          {t('failed')}
        </p>
      )}

      {results.length > 0 && (
        <div id={listboxId} role="listbox" aria-label={t('resultsLabel')} className="max-h-[60vh] overflow-y-auto py-1">
          {results.map((service, i) => (
            <SearchResultItem
              key={service._id}
              id={optionId(i)}
              service={service}
              pattern={pattern}
              active={i === activeIndex}
              onChoose={onChoose}
            />
          ))}
        </div>
      )}

      {empty && (
        <div className="flex flex-col items-center gap-2 px-4 py-6 text-center">
          <SearchX className="size-8 text-base-content/60" aria-hidden="true" />
          <p className="font-semibold">{t('emptyTitle')}</p>
          <p className="text-sm text-base-content/80">{t('emptyText')}</p>
          <Link to={localize(paths.services)} onClick={onChoose} className="btn mt-1 btn-sm btn-primary">
            {t('browseAll')}
          </Link>
        </div>
      )}

      {results.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-base-300 bg-base-200/60 px-3 py-2 text-xs">
          <span className="text-base-content/80">{t('pressEnter')}</span>
          <Link to={allResults} onClick={onChoose} className="link font-medium text-primary">
            {t('viewAll')}
          </Link>
        </div>
      )}
    </div>
  );
}
