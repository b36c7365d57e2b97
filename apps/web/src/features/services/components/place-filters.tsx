import { LocateFixed } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Area } from '@meramot/shared';
import { formatArea, formatCount } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { indexPlaces, nearestDistrict, placeName, placesQueryOptions } from '@/lib/places/places';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';
import { usePlaceCounts } from '../api/get-place-counts';
import type { ServicesParams } from '../use-services-params';

interface Props {
  params: ServicesParams;
  onChange(changes: Partial<ServicesParams>): void;
}

const noSubscription = () => () => {};
const canLocate = () => 'geolocation' in navigator;

type Locating = 'idle' | 'asking' | 'denied' | 'failed' | 'chosen';

/**
 * The district and locality filters of All Services (issue 24), with their counts, and "Near me":
 * the browser is asked for the position once, the nearest district (by its centre) is chosen and
 * remembered, and nothing leaves the browser but the district. Plain selects of the one GET form:
 * without JavaScript, Apply submits them too (the server renders the filter options).
 */
export function PlaceFilters({ params, onChange }: Props) {
  const { t, language } = useTranslation('services');
  const counts = usePlaceCounts(params.district ?? '');
  const client = useQueryClient();
  const locatable = useSyncExternalStore(noSubscription, canLocate, () => false);
  const [locating, setLocating] = useState<Locating>('idle');
  const name = (place: { name: string; bn: string }) => placeName(place, language);

  const districts = (counts.data?.districts ?? []).filter((d) => !params.area || d.division === params.area);
  const chosenDistrict = counts.data?.districts.find((d) => d.id === params.district);
  const localities = (counts.data?.areas ?? []).filter((a) => a.district === params.district);
  const divisions = [...new Set(districts.map((d) => d.division))];

  const chooseDistrict = (id: string) => {
    const district = counts.data?.districts.find((d) => d.id === id);
    onChange({
      district: id || undefined,
      place: undefined,
      ...(district ? { area: district.division as Area } : {}),
    });
  };

  const nearMe = async () => {
    const remembered = readStorage(storageKeys.place);
    const places = await client.fetchQuery(placesQueryOptions()).catch(() => null);
    if (!places) return setLocating('failed');
    const stored = remembered ? indexPlaces(places).district(remembered) : undefined;
    if (stored) {
      setLocating('chosen');
      return onChange({ area: stored.division.id as Area, district: stored.id, place: undefined });
    }
    setLocating('asking');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const district = nearestDistrict(places, { lat: coords.latitude, lon: coords.longitude });
        writeStorage(storageKeys.place, district.id);
        setLocating('chosen');
        onChange({ area: district.division.id as Area, district: district.id, place: undefined });
      },
      (error) => setLocating(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed'),
      { maximumAge: 10 * 60_000, timeout: 15_000 },
    );
  };

  const districtOption = (d: (typeof districts)[number]) => (
    <option key={d.id} value={d.id}>
      {t('list.placeOption', { place: name(d), count: formatCount(d.count) })}
    </option>
  );

  return (
    <>
      <label className="flex flex-col gap-1 sm:w-52">
        <span className="text-sm font-medium">{t('list.districtLabel')}</span>
        <select
          name="district"
          className="select w-full"
          value={params.district ?? ''}
          onChange={(e) => chooseDistrict(e.target.value)}
        >
          <option value="">{t('list.allDistricts')}</option>
          {params.area
            ? districts.map(districtOption)
            : divisions.map((division) => (
                <optgroup key={division} label={formatArea(division)}>
                  {districts.filter((d) => d.division === division).map(districtOption)}
                </optgroup>
              ))}
          {params.district && !chosenDistrict && <option value={params.district}>{params.district}</option>}
        </select>
      </label>
      {params.district && (
        <label className="flex flex-col gap-1 sm:w-52">
          <span className="text-sm font-medium">{t('list.localityLabel')}</span>
          <select
            name="place"
            className="select w-full"
            value={params.place ?? ''}
            onChange={(e) => onChange({ place: e.target.value || undefined })}
          >
            <option value="">
              {chosenDistrict ? t('list.allOfDistrict', { district: name(chosenDistrict) }) : t('list.allLocalities')}
            </option>
            {localities.map((a) => (
              <option key={a.id} value={a.id}>
                {t('list.placeOption', { place: name(a), count: formatCount(a.count) })}
              </option>
            ))}
            {params.place && !localities.some((a) => a.id === params.place) && (
              <option value={params.place}>{params.place}</option>
            )}
          </select>
        </label>
      )}
      {/* The server (and the first render in the browser, which hydrates its page) cannot know
          whether the device can locate: the button is there but hidden, holding its place, so the
          cards below do not move when it shows (a layout shift Lighthouse counted at 360 px). */}
      <div className={`flex flex-col gap-1 ${locatable ? '' : 'invisible'}`} aria-hidden={!locatable || undefined}>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void nearMe()}
          disabled={!locatable || locating === 'asking'}
        >
          {locating === 'asking' ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <LocateFixed className="size-4" aria-hidden="true" />
          )}
          {t('list.nearMe')}
        </button>
        <p role="status" className="text-sm text-base-content/80 empty:hidden">
          {locating === 'asking' && t('list.locating')}
          {locating === 'denied' && t('list.locationDenied')}
          {locating === 'failed' && t('list.locationFailed')}
          {locating === 'chosen' && chosenDistrict && t('list.nearMeChosen', { district: name(chosenDistrict) })}
        </p>
      </div>
    </>
  );
}
