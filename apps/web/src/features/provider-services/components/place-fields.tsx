import { ChevronDown, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { en, SERVICE_AREAS_MAX, type PlaceArea, type PlaceDistrict } from '@meramot/shared';
import { ErrorBanner } from '@/components/ui/error-banner';
import { fieldAria, Field } from '@/components/ui/field';
import { formatArea, madeOnFirstUse } from '@/lib/format';
import { addTranslations, getLanguage, loadBangla, useTranslation, type Language } from '@/lib/i18n';
import { indexPlaces, matchesPlace, placeName, usePlaces } from '@/lib/places/places';
import { useSchemaMessage } from '@/lib/use-schema-message';
import placesTranslations from '@/locales/en/places.json';

// The texts of places (issue 24) travel with the components that show them, on every page that does;
// in Bangla they start loading with the page's code, beside its own texts (not after them).
addTranslations('places', placesTranslations, () => import('@/locales/bn/places.json'));
if (getLanguage() === 'bn') void loadBangla('places');

/** The ids of the controls (the form focuses the district when it is missing). */
export const DISTRICT_ID = 'serviceDistrict';
export const AREAS_FILTER_ID = 'serviceAreas-filter';

/** Names sorted as the language sorts them. */
const collators = madeOnFirstUse((language: Language) => new Intl.Collator(language));
const byName = (language: Language) => (a: { name: string; bn: string }, b: { name: string; bn: string }) =>
  collators(language).compare(placeName(a, language), placeName(b, language));

interface Props {
  /** The chosen division (the form's Area, `serviceArea`), '' when none. */
  division: string;
  /** The chosen district's id, '' when none. */
  district: string;
  /** The chosen areas' ids, in the order chosen. */
  areas: string[];
  districtError?: string;
  onDistrictChange(id: string): void;
  onAreasChange(ids: string[]): void;
}

/**
 * Where the service is offered, after its division (issue 24): the district, required, chosen from
 * the division's districts by typing its name in either language; then the areas it serves in the
 * district (optional, at most SERVICE_AREAS_MAX; none means all of it). The places come from
 * GET /api/places.
 */
export function PlaceFields({ division, district, areas, districtError, onDistrictChange, onAreasChange }: Props) {
  const { t, language } = useTranslation('places');
  const places = usePlaces();
  const index = useMemo(() => (places.data ? indexPlaces(places.data) : null), [places.data]);
  const districts = useMemo(
    () => (division && index ? [...(index.division(division)?.districts ?? [])].sort(byName(language)) : []),
    [division, index, language],
  );
  const chosen = district ? index?.district(district) : undefined;

  const state = !division ? 'no-division' : places.isPending ? 'loading' : places.isError ? 'failed' : 'ready';
  const hint =
    state === 'no-division' ? (
      t('form.chooseAreaFirst')
    ) : state === 'loading' ? (
      <span role="status" className="inline-flex items-center gap-1.5">
        <span className="loading loading-xs loading-spinner" aria-hidden="true" />
        {t('form.loading')}
      </span>
    ) : state === 'ready' ? (
      t('form.districtHint')
    ) : undefined;

  return (
    <>
      <div className="min-w-0">
        <Field id={DISTRICT_ID} label={t('form.district')} hint={hint} error={districtError}>
          <DistrictCombobox
            districts={districts}
            value={district}
            chosen={chosen}
            divisionName={division ? formatArea(division) : ''}
            disabled={state !== 'ready' || districts.length === 0}
            placeholder={t(state === 'loading' ? 'form.loadingPlaceholder' : 'form.districtPlaceholder')}
            error={districtError}
            hasHint={!!hint}
            onChange={onDistrictChange}
          />
        </Field>
        {state === 'failed' && (
          <ErrorBanner
            title={t('form.loadFailedTitle')}
            message={t('form.loadFailed')}
            retryLabel={t('form.retry')}
            retrying={places.isFetching}
            onRetry={() => void places.refetch()}
          />
        )}
      </div>
      <div className="min-w-0 sm:col-span-2">
        {/* Another district starts afresh (an empty filter). */}
        <AreasFieldset key={chosen?.id ?? ''} district={chosen} value={areas} onChange={onAreasChange} />
      </div>
    </>
  );
}

interface ComboboxProps {
  districts: PlaceDistrict[];
  value: string;
  chosen: PlaceDistrict | undefined;
  divisionName: string;
  disabled: boolean;
  placeholder: string;
  error?: string;
  hasHint: boolean;
  onChange(id: string): void;
}

/**
 * The district: an editable combobox (ARIA's list autocomplete). Typing filters the division's
 * districts by any of their names (English, Bangla, other spellings); arrows move in the list,
 * Enter or a click chooses, Escape closes it and puts back the chosen name. Leaving it with one
 * match chooses that match; leaving it empty clears the district.
 */
function DistrictCombobox(props: ComboboxProps) {
  const { districts, value, chosen, divisionName, disabled, placeholder, error, hasHint, onChange } = props;
  const { t, language } = useTranslation('places');
  const id = DISTRICT_ID;
  const listId = `${id}-list`;
  const optionId = (districtId: string) => `${id}-option-${districtId}`;
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const matches = typed === null ? districts : districts.filter((d) => matchesPlace(d, typed));
  const expanded = open && !disabled;
  const activeDistrict = expanded ? matches[active] : undefined;
  const text = typed ?? (chosen ? placeName(chosen, language) : '');

  const activeId = activeDistrict ? optionId(activeDistrict.id) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const choose = (d: PlaceDistrict) => {
    onChange(d.id);
    setTyped(null);
    setOpen(false);
  };
  const openList = () => {
    setOpen(true);
    setActive(
      Math.max(
        0,
        matches.findIndex((d) => d.id === value),
      ),
    );
  };
  const close = () => {
    setTyped(null);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!expanded) return openList();
      const last = matches.length - 1;
      setActive((i) => (e.key === 'ArrowDown' ? Math.min(i + 1, last) : Math.max(i - 1, 0)));
    } else if (e.key === 'Enter') {
      // Enter chooses here, it never sends the form.
      e.preventDefault();
      if (activeDistrict) choose(activeDistrict);
    } else if (e.key === 'Escape' && (expanded || typed !== null)) {
      e.preventDefault();
      close();
    }
  };

  // Leaving the field: what was typed names one district (chosen), nothing (cleared), or else the
  // chosen name comes back.
  const onBlur = () => {
    if (typed !== null) {
      const exact = districts.filter((d) =>
        [d.name, d.bn, ...d.spellings].some((n) => n.toLowerCase() === typed.trim().toLowerCase()),
      );
      if (typed.trim() === '') onChange('');
      else if (matches.length === 1) onChange(matches[0]!.id);
      else if (exact.length === 1) onChange(exact[0]!.id);
    }
    close();
  };

  const other = language === 'bn' ? 'en' : 'bn';
  return (
    <div className="relative">
      <input
        ref={inputRef}
        {...fieldAria(id, { error, hint: hasHint })}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-required="true"
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        className={`input w-full pr-10 ${error ? 'input-error' : ''}`}
        placeholder={placeholder}
        disabled={disabled}
        value={text}
        onChange={(e) => {
          setTyped(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onClick={() => !expanded && openList()}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      />
      <button
        type="button"
        tabIndex={-1}
        className="btn absolute top-1/2 right-1 z-[1] btn-square -translate-y-1/2 btn-ghost btn-sm"
        aria-label={t('form.showDistricts')}
        aria-controls={listId}
        aria-expanded={expanded}
        disabled={disabled}
        // Keeps the focus in the field (no blur).
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          inputRef.current?.focus();
          if (expanded) close();
          else openList();
        }}
      >
        <ChevronDown className="size-4" aria-hidden="true" />
      </button>
      <div
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-20 mt-1 overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-lg"
      >
        <ul
          id={listId}
          role="listbox"
          aria-label={t('form.districtsOf', { division: divisionName })}
          className="max-h-64 overflow-y-auto py-1"
        >
          {matches.map((d, i) => (
            <li
              key={d.id}
              id={optionId(d.id)}
              role="option"
              aria-selected={d.id === value}
              className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 ${
                activeDistrict?.id === d.id ? 'bg-base-200' : ''
              } ${d.id === value ? 'font-semibold' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => choose(d)}
            >
              <span className="min-w-0 break-words">{placeName(d, language)}</span>
              <span aria-hidden="true" lang={other} className="shrink-0 text-xs text-base-content/70">
                {placeName(d, other)}
              </span>
            </li>
          ))}
        </ul>
        {matches.length === 0 && (
          <p className="px-3 py-2 text-sm">{t('form.noDistrict', { division: divisionName, text: typed ?? '' })}</p>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {expanded && typed
          ? matches.length
            ? t('form.districtMatches', { count: matches.length })
            : t('form.noDistrict', { division: divisionName, text: typed })
          : ''}
      </p>
    </div>
  );
}

interface AreasProps {
  district: PlaceDistrict | undefined;
  value: string[];
  onChange(ids: string[]): void;
}

/**
 * "Areas served": the district's city areas, then its upazilas, as checkboxes under a filter box;
 * the chosen ones also as buttons that remove them, and their count (announced). At most
 * SERVICE_AREAS_MAX: then the others cannot be ticked, and the form says why.
 */
function AreasFieldset({ district, value, onChange }: AreasProps) {
  const { t, language } = useTranslation('places');
  const say = useSchemaMessage();
  const [filter, setFilter] = useState('');
  const uid = useId();
  const hintId = 'serviceAreas-hint';
  const countId = 'serviceAreas-count';
  const chipId = (areaId: string) => `${uid}-chip-${areaId}`;
  const checkboxId = (areaId: string) => `${uid}-area-${areaId}`;

  // A removed chip's button disappears: the focus goes to its neighbour, else the filter box.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [value]);

  const full = value.length >= SERVICE_AREAS_MAX;
  const areaOf = useMemo(() => new Map((district?.areas ?? []).map((a) => [a.id, a])), [district]);
  const groups = useMemo(() => {
    const shown = (district?.areas ?? []).filter((a) => matchesPlace(a, filter)).sort(byName(language));
    return (['city-area', 'upazila'] as const)
      .map((kind) => ({ kind, areas: shown.filter((a) => a.kind === kind) }))
      .filter((g) => g.areas.length > 0);
  }, [district, filter, language]);

  const nameOf = (areaId: string) => {
    const area = areaOf.get(areaId);
    return area ? placeName(area, language) : areaId;
  };
  const toggle = (area: PlaceArea, on: boolean) => {
    if (on && !value.includes(area.id) && !full) onChange([...value, area.id]);
    if (!on) onChange(value.filter((id) => id !== area.id));
  };
  const remove = (areaId: string) => {
    const i = value.indexOf(areaId);
    const neighbour = value[i + 1] ?? value[i - 1];
    focusNext.current = neighbour ? chipId(neighbour) : AREAS_FILTER_ID;
    onChange(value.filter((id) => id !== areaId));
  };

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-3 rounded-box border border-base-300 p-3 sm:p-4"
      aria-describedby={district ? `${hintId} ${countId}` : hintId}
    >
      <legend className="px-1 text-sm font-semibold">
        {t('form.areas')} <span className="font-normal text-base-content/70">{t('form.optional')}</span>
      </legend>
      <p id={hintId} className="text-xs text-base-content/80">
        {district ? t('form.areasHint', { max: SERVICE_AREAS_MAX }) : t('form.chooseDistrictFirst')}
      </p>
      {district && (
        <>
          <div id={countId} aria-live="polite" className="text-sm">
            <p className="font-medium">
              {value.length
                ? t('form.count', { count: value.length, max: SERVICE_AREAS_MAX })
                : t('form.wholeDistrict', { district: placeName(district, language) })}
            </p>
            {full && <p className="mt-1 text-base-content/80">{say(en.serviceAreasTooMany)}</p>}
          </div>
          {value.length > 0 && (
            <ul aria-label={t('form.chosen')} className="flex flex-wrap gap-2">
              {value.map((areaId) => (
                <li key={areaId}>
                  <button
                    id={chipId(areaId)}
                    type="button"
                    className="btn h-auto min-h-8 rounded-full py-1 btn-outline btn-sm btn-primary"
                    aria-label={t('form.remove', { name: nameOf(areaId) })}
                    onClick={() => remove(areaId)}
                  >
                    <span className="break-words">{nameOf(areaId)}</span>
                    <X className="size-3.5 shrink-0" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-col gap-1">
            <label htmlFor={AREAS_FILTER_ID} className="text-sm font-medium">
              {t('form.findArea')}
            </label>
            <input
              id={AREAS_FILTER_ID}
              type="search"
              className="input input-sm w-full sm:max-w-xs"
              autoComplete="off"
              spellCheck={false}
              placeholder={t('form.findAreaPlaceholder')}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              // Enter in the filter box never sends the form.
              onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
            />
          </div>
          <div className="max-h-80 space-y-3 overflow-y-auto rounded-box border border-base-300 p-2">
            {groups.length === 0 && (
              <p className="p-1 text-sm">
                {t('form.noArea', { district: placeName(district, language), text: filter.trim() })}
              </p>
            )}
            {groups.map(({ kind, areas }) => (
              <fieldset key={kind} className="min-w-0">
                <legend className="mb-1 px-1 text-xs font-semibold text-base-content/80">
                  {t(kind === 'city-area' ? 'form.cityAreas' : 'form.upazilas')}
                </legend>
                <ul className="grid grid-cols-1 gap-x-3 min-[420px]:grid-cols-2 md:grid-cols-3">
                  {areas.map((area) => {
                    const checked = value.includes(area.id);
                    return (
                      <li key={area.id} className="min-w-0">
                        <label
                          htmlFor={checkboxId(area.id)}
                          className={`flex items-center gap-2 rounded-field px-1 py-1.5 text-sm ${
                            full && !checked ? 'cursor-not-allowed text-base-content/60' : 'cursor-pointer'
                          }`}
                        >
                          <input
                            id={checkboxId(area.id)}
                            type="checkbox"
                            className="checkbox shrink-0 checkbox-sm checkbox-primary"
                            checked={checked}
                            disabled={full && !checked}
                            onChange={(e) => toggle(area, e.target.checked)}
                          />
                          <span className="min-w-0 break-words">{placeName(area, language)}</span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}
