import type { PlaceLabel, Service } from '@meramot/shared';
import { formatArea } from '@/lib/format';
import { addTranslations, getLanguage, loadBangla, useTranslation } from '@/lib/i18n';
import { placeName } from '@/lib/places/places';
import placesTranslations from '@/locales/en/places.json';

// The texts of places (issue 24) travel with the components that show them, on every page that does;
// in Bangla they start loading with the page's code, beside its own texts (not after them).
addTranslations('places', placesTranslations, () => import('@/locales/bn/places.json'));
if (getLanguage() === 'bn') void loadBangla('places');

type Placed = Pick<Service, 'serviceArea' | 'places'>;

/** A service's district and its areas, as its answer names them (`places`: the district first). */
export function splitPlaces(places: readonly PlaceLabel[]) {
  return {
    district: places.find((p) => p.kind === 'district') ?? null,
    areas: places.filter((p) => p.kind !== 'district'),
  };
}

/** Names in a language, joined ("Mirpur, Pallabi"). */
const names = (places: readonly PlaceLabel[], language: string) => places.map((p) => placeName(p, language)).join(', ');

/**
 * The most precise place of a service, for lists: its first area and district ("Mirpur, Dhaka",
 * with "+2" when it names more areas), else its district, else its division. Names come with the
 * service (no request), in the language of the page, so the server's HTML and the hydrated page agree.
 */
export function ServicePlaceSummary({ service }: { service: Placed }) {
  const { t, language } = useTranslation('places');
  const { district, areas } = splitPlaces(service.places);
  if (!district) return <span className="min-w-0 break-words">{formatArea(service.serviceArea)}</span>;
  const districtName = placeName(district, language);
  const [first] = areas;
  if (!first) return <span className="min-w-0 break-words">{districtName}</span>;
  const more = areas.length - 1;
  return (
    <span className="min-w-0 break-words" title={more > 0 ? names(areas, language) : undefined}>
      {t('show.areaOfDistrict', { area: placeName(first, language), district: districtName })}
      {more > 0 && (
        <>
          {' '}
          <span aria-hidden="true" className="badge badge-ghost badge-sm align-middle">
            {t('show.plus', { count: more })}
          </span>
          <span className="sr-only">{t('show.moreAreas', { count: more })}</span>
        </>
      )}
    </span>
  );
}

/**
 * Where a service is offered, on its page: its division, its district and every area it serves
 * (or the whole district), as terms and values under a heading.
 */
export function ServicePlacesDetail({ service, headingId }: { service: Placed; headingId: string }) {
  const { t, language } = useTranslation('places');
  const { district, areas } = splitPlaces(service.places);
  const term = 'text-sm font-medium text-base-content/70';
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-2">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('show.heading')}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="min-w-0">
          <dt className={term}>{t('show.division')}</dt>
          <dd className="break-words">{formatArea(service.serviceArea)}</dd>
        </div>
        {district && (
          <div className="min-w-0">
            <dt className={term}>{t('show.district')}</dt>
            <dd className="break-words">{placeName(district, language)}</dd>
          </div>
        )}
        {district && (
          <div className="min-w-0 sm:col-span-2">
            <dt className={term}>{t('show.areas')}</dt>
            <dd className="mt-1">
              {areas.length ? (
                <ul className="flex flex-wrap gap-1.5">
                  {areas.map((area) => (
                    <li key={area.id} className="badge h-auto badge-outline py-0.5 break-words">
                      {placeName(area, language)}
                    </li>
                  ))}
                </ul>
              ) : (
                t('show.wholeDistrict', { district: placeName(district, language) })
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/**
 * The districts, and their areas, that a provider's services name ("Dhaka: Mirpur, Pallabi"), in the
 * order first named; the whole district when a service names no area of it.
 */
export function districtsOfServices(services: readonly Placed[]) {
  const byDistrict = new Map<string, { district: PlaceLabel; areas: Map<string, PlaceLabel>; whole: boolean }>();
  for (const service of services) {
    const { district, areas } = splitPlaces(service.places);
    if (!district) continue;
    let entry = byDistrict.get(district.id);
    if (!entry) byDistrict.set(district.id, (entry = { district, areas: new Map(), whole: false }));
    if (!areas.length) entry.whole = true;
    for (const area of areas) entry.areas.set(area.id, area);
  }
  return [...byDistrict.values()].map(({ district, areas, whole }) => ({
    district,
    // A service of the whole district covers its areas: the district alone says it.
    areas: whole ? [] : [...areas.values()],
  }));
}

/** The list of `districtsOfServices` as badges, each a district with its areas. */
export function ServiceDistrictsList({ services }: { services: readonly Placed[] }) {
  const { t, language } = useTranslation('places');
  const districts = districtsOfServices(services);
  if (!districts.length) return null;
  return (
    <ul className="mt-0.5 flex flex-wrap gap-1">
      {districts.map(({ district, areas }) => (
        <li key={district.id} className="badge h-auto badge-outline py-0.5 break-words">
          {areas.length
            ? t('show.districtAreas', { district: placeName(district, language), areas: names(areas, language) })
            : placeName(district, language)}
        </li>
      ))}
    </ul>
  );
}
