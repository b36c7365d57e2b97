import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS } from '@meramot/shared';
import { Search, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLeftBeforeHydration } from '@/lib/hydration';
import { useLocalize } from '@/lib/page-language';
import { HEADER_SEARCH_MIN_LENGTH, searchServicesQueryOptions } from '../api/search-services';
import { useDebouncedValue } from '../use-debounced-value';

/** The results panel with its list items: its own chunk, asked for when the box first gets focus. */
const SearchDropdown = lazy(() => import('./search-dropdown').then((m) => ({ default: m.SearchDropdown })));

/**
 * The header's service search: a combobox whose dropdown lists up to 8 server matches for the
 * trimmed text, best match first, fetched 300 ms after typing stops, from the second letter; the
 * matched words (synonyms and completions too) are highlighted. Enter opens the full results on
 * /services. Without JavaScript it is a plain GET form to All Services (in the page's language)
 * with the text as `search`; with it, submitting navigates in the app instead.
 */
export function HeaderSearch({ className = '' }: { className?: string }) {
  const { t } = useTranslation('search');
  const localize = useLocalize();
  const navigate = useNavigate();
  const id = useId();
  const panelId = `${id}-panel`;
  const listboxId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // Whether the panel's chunk is wanted yet (first focus or typing); until it is there, an empty panel.
  const [panelWanted, setPanelWanted] = useState(false);
  /** The results open (their panel's chunk asked for): on focus, on typing, on text taken up. */
  const openResults = () => {
    setOpen(true);
    setPanelWanted(true);
  };
  const trimmed = text.trim();
  const query = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const search = useQuery({ ...searchServicesQueryOptions(query), placeholderData: keepPreviousData });
  // The option picked with the arrow keys, in the answer it was picked from: a new query or a new
  // answer starts with none.
  const [active, setActive] = useState<{ index: number; query?: string; answer?: unknown }>({ index: -1 });
  const activeIndex = active.query === query && active.answer === search.data ? active.index : -1;
  const setActiveIndex = (index: number) => setActive({ index, query, answer: search.data });

  // One letter matches too much to be worth a request: the dropdown asks the server from the second.
  const tooShort = [...trimmed].length < HEADER_SEARCH_MIN_LENGTH;
  const pending = !tooShort && (trimmed !== query || search.isFetching);
  const answer = !tooShort && search.data ? search.data : undefined;
  const results = answer?.services ?? [];
  const expanded = open && trimmed.length > 0;

  useEffect(() => {
    if (activeIndex >= 0)
      document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, activeIndex]);

  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [expanded]);

  const emptyPanel = <div id={panelId} hidden />;

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };

  const go = (to: string) => {
    close();
    inputRef.current?.blur();
    void navigate(localize(to));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!expanded) return setOpen(true);
      if (results.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex(
        activeIndex < 0 && step < 0 ? results.length - 1 : (activeIndex + step + results.length) % results.length,
      );
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        e.stopPropagation();
        close();
      } else if (text) {
        e.preventDefault();
        setText('');
      }
    }
  };

  // Typed while the app was starting: the text is taken up, and if the visitor is still in the box
  // the results open, as they would have had the app been running.
  useLeftBeforeHydration(inputRef, (input) => {
    if (!input.value) return;
    setText(input.value);
    if (document.activeElement === input) openResults();
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = activeIndex >= 0 ? results[activeIndex] : undefined;
    const typed = (inputRef.current?.value ?? text).trim();
    if (chosen) go(paths.servicePage(chosen));
    else if (typed) go(paths.servicesSearch(typed));
  };

  return (
    <form
      ref={rootRef}
      role="search"
      aria-label={t('label')}
      method="get"
      action={localize(paths.services)}
      onSubmit={onSubmit}
      onBlur={(e) => {
        // Focus moved elsewhere (Tab); clicks outside are handled by the pointerdown listener.
        if (e.relatedTarget && !rootRef.current?.contains(e.relatedTarget as Node)) close();
      }}
      className={`relative ${className}`}
    >
      <div className="input w-full" onClick={() => inputRef.current?.focus()}>
        <Search className="size-4 shrink-0 opacity-70" aria-hidden="true" />
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          name="search"
          aria-label={t('label')}
          aria-expanded={expanded}
          aria-controls={results.length > 0 ? listboxId : panelId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('placeholder')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            openResults();
          }}
          onFocus={openResults}
          onKeyDown={onKeyDown}
          className="min-w-0 grow"
        />
        {trimmed && pending && (
          <span className="loading loading-xs loading-spinner shrink-0" role="img" aria-label={t('searching')} />
        )}
        {text && (
          <button
            type="button"
            onClick={() => {
              setText('');
              close();
              inputRef.current?.focus();
            }}
            aria-label={t('clear')}
            className="btn -mr-2 btn-circle btn-ghost btn-xs"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
      {panelWanted ? (
        <Suspense fallback={emptyPanel}>
          <SearchDropdown
            panelId={panelId}
            listboxId={listboxId}
            optionId={optionId}
            open={expanded}
            query={trimmed}
            tooShort={tooShort}
            understood={answer?.query ?? null}
            pending={pending}
            failed={search.isError}
            results={results}
            activeIndex={activeIndex}
            onChoose={close}
          />
        </Suspense>
      ) : (
        emptyPanel
      )}
    </form>
  );
}
