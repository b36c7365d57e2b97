import { Plus, Search, X } from 'lucide-react';
import { useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { formatArea, formatCount } from '@/lib/format';
import { Link } from '@/components/link';
import { SEARCH_TEXT_MAX, SORT_KEYS, type Area, type ListSortKey } from '@meramot/shared';
import { paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { useAuth } from '@/lib/auth/auth-context';
import { useLeftBeforeHydration, valueLeft } from '@/lib/hydration';
import { useAreas } from '../api/get-areas';
import { PlaceFilters } from './place-filters';
import { defaultSort, type ServicesParams } from '../use-services-params';

interface Props {
  params: ServicesParams;
  onChange(changes: Partial<ServicesParams>): void;
  onClear(): void;
}

/**
 * The search box (Enter or Search), the area (division), district, locality and sort dropdowns, Near me, Clear All and Add Service. With
 * JavaScript each control applies itself through `onChange` / `onClear`; without it, they are a
 * plain GET form to All Services (Apply submits the dropdowns) and Clear All a link to it.
 */
export function ServicesToolbar({ params, onChange, onClear }: Props) {
  const { t } = useTranslation('services');
  const { user } = useAuth();
  const areas = useAreas();
  const localize = useLocalize();
  const servicesPath = localize(paths.services);
  const [text, setText] = useState(params.search ?? '');
  const [shownSearch, setShownSearch] = useState(params.search ?? '');
  // The URL changed under us (header search, Clear All, back button): show its search text.
  if (shownSearch !== (params.search ?? '')) {
    setShownSearch(params.search ?? '');
    setText(params.search ?? '');
  }

  // A page rendered on the server: what a visitor typed or chose before the app took over is in the
  // form, not in the state or the URL. The text goes to the box's state (Enter still searches); a
  // changed area or sort applies, as it would have on change.
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useLeftBeforeHydration(formRef, (form) => {
    const chosen = (name: string) => {
      const select = form.elements.namedItem(name) as HTMLSelectElement | null;
      return (select && valueLeft(select)) || undefined;
    };
    if (searchRef.current && searchRef.current.value !== text) setText(searchRef.current.value);
    const area = chosen('area') as Area | undefined;
    const district = chosen('district');
    const place = chosen('place');
    const sort = chosen('sort') as ListSortKey | undefined;
    if (area !== params.area || district !== params.district || place !== params.place || sort !== params.sort)
      onChange({ area, district, place, sort });
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ search: (searchRef.current?.value ?? text).trim() || undefined });
  };

  // Best match only orders matches: offered (first, and the default) when there is a search.
  const sortKeys: readonly ListSortKey[] = params.search ? ['best', ...SORT_KEYS] : SORT_KEYS;
  const sortDefault = defaultSort(params.search);

  const areaOptions = areas.data ?? [];
  const areaMissing = params.area && !areaOptions.some((a) => a.area === params.area);

  // Clear All is a link to the unfiltered list (it works without JavaScript); with it, a plain
  // click clears in place instead (a modified click still opens the link in a new tab or window).
  const clear = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    onClear();
  };

  return (
    // One GET form to All Services: without JavaScript, Search (or Enter) and Apply load the list
    // with the search, area and sort in the URL (empty ones are ignored by useServicesParams).
    <form
      ref={formRef}
      role="search"
      method="get"
      action={servicesPath}
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-box bg-base-200 p-4"
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="input w-full sm:flex-1">
          <Search className="size-4 opacity-60" aria-hidden="true" />
          <span className="sr-only">{t('list.searchLabel')}</span>
          <input
            type="search"
            name="search"
            ref={searchRef}
            value={text}
            maxLength={SEARCH_TEXT_MAX}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('list.searchPlaceholder')}
            className="grow"
          />
        </label>
        <button type="submit" className="btn btn-primary">
          {t('list.searchButton')}
        </button>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
        <label className="flex flex-col gap-1 sm:w-48">
          <span className="text-sm font-medium">{t('list.areaLabel')}</span>
          <select
            name="area"
            className="select w-full"
            value={params.area ?? ''}
            onChange={(e) =>
              onChange({
                area: (e.target.value || undefined) as Area | undefined,
                district: undefined,
                place: undefined,
              })
            }
          >
            <option value="">{t('list.allAreas')}</option>
            {areaOptions.map((a) => (
              <option key={a.area} value={a.area}>
                {t('list.areaOption', { area: formatArea(a.area), count: formatCount(a.count) })}
              </option>
            ))}
            {areaMissing && <option value={params.area ?? ''}>{formatArea(params.area ?? '')}</option>}
          </select>
        </label>
        <PlaceFilters params={params} onChange={onChange} />
        <label className="flex flex-col gap-1 sm:w-56">
          <span className="text-sm font-medium">{t('list.sortLabel')}</span>
          <select
            name="sort"
            className="select w-full"
            value={params.sort ?? ''}
            onChange={(e) => onChange({ sort: (e.target.value || undefined) as ListSortKey | undefined })}
          >
            {sortKeys.map((key) => (
              <option key={key} value={key === sortDefault ? '' : key}>
                {t(`list.sort.${key}`)}
              </option>
            ))}
          </select>
        </label>
        {/* With JavaScript the dropdowns apply on change; without it, this button submits them.
            (In <noscript>, so the server's HTML and the first client render stay the same.) */}
        <noscript>
          <button type="submit" className="btn btn-outline w-full sm:w-auto">
            {t('list.apply')}
          </button>
        </noscript>
        <div className="flex gap-2 sm:ml-auto">
          <Link to={servicesPath} className="btn btn-outline flex-1 sm:flex-none" onClick={clear}>
            <X className="size-4" aria-hidden="true" />
            {t('list.clearAll')}
          </Link>
          {user && (
            <Link to={paths.addService} className="btn btn-secondary flex-1 sm:flex-none">
              <Plus className="size-4" aria-hidden="true" />
              {t('list.addService')}
            </Link>
          )}
        </div>
      </div>
    </form>
  );
}
