import { Plus, Search, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { formatArea, formatCount } from '@/lib/format';
import { Link } from 'react-router';
import { SEARCH_TEXT_MAX, SORT_KEYS, type Area, type ListSortKey } from '@meramot/shared';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useAreas } from '../api/get-areas';
import { defaultSort, type ServicesParams } from '../use-services-params';

interface Props {
  params: ServicesParams;
  onChange(changes: Partial<ServicesParams>): void;
  onClear(): void;
}

/** The search box (Enter or Search), the area and sort dropdowns, Clear All and Add Service. */
export function ServicesToolbar({ params, onChange, onClear }: Props) {
  const { t } = useTranslation('services');
  const { user } = useAuth();
  const areas = useAreas();
  const [text, setText] = useState(params.search ?? '');
  const [shownSearch, setShownSearch] = useState(params.search ?? '');
  // The URL changed under us (header search, Clear All, back button): show its search text.
  if (shownSearch !== (params.search ?? '')) {
    setShownSearch(params.search ?? '');
    setText(params.search ?? '');
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ search: text.trim() || undefined });
  };

  // Best match only orders matches: offered (first, and the default) when there is a search.
  const sortKeys: readonly ListSortKey[] = params.search ? ['best', ...SORT_KEYS] : SORT_KEYS;
  const sortDefault = defaultSort(params.search);

  const areaOptions = areas.data ?? [];
  const areaMissing = params.area && !areaOptions.some((a) => a.area === params.area);

  return (
    <div className="flex flex-col gap-3 rounded-box bg-base-200 p-4">
      <form role="search" onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
        <label className="input w-full sm:flex-1">
          <Search className="size-4 opacity-60" aria-hidden="true" />
          <span className="sr-only">{t('list.searchLabel')}</span>
          <input
            type="search"
            name="search"
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
      </form>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
        <label className="flex flex-col gap-1 sm:w-48">
          <span className="text-sm font-medium">{t('list.areaLabel')}</span>
          <select
            className="select w-full"
            value={params.area ?? ''}
            onChange={(e) => onChange({ area: (e.target.value || undefined) as Area | undefined })}
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
        <label className="flex flex-col gap-1 sm:w-56">
          <span className="text-sm font-medium">{t('list.sortLabel')}</span>
          <select
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
        <div className="flex gap-2 sm:ml-auto">
          <button type="button" className="btn btn-outline flex-1 sm:flex-none" onClick={onClear}>
            <X className="size-4" aria-hidden="true" />
            {t('list.clearAll')}
          </button>
          {user && (
            <Link to={paths.addService} className="btn btn-secondary flex-1 sm:flex-none">
              <Plus className="size-4" aria-hidden="true" />
              {t('list.addService')}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
