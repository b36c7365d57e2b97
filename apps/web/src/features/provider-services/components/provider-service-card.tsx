import { Clock, Eye, Pause, Pencil, Play, Timer, Trash2 } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import type { Service } from '@meramot/shared';
import { FallbackImage } from '@/components/ui/fallback-image';
import { images, paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { formatOneDecimal, formatTaka, truncate } from '@/lib/format';
import { ServicePlaceSummary } from '@/components/places/service-places';
import { durationText, hoursSummary } from './terms-summary';

interface Props {
  service: Service;
  busy: boolean;
  onToggle(service: Service): void;
  onDelete(service: Service): void;
}

/** One of the provider's services with View, Edit, Pause/Activate and Delete. */
export function ProviderServiceCard({ service, busy, onToggle, onDelete }: Props) {
  const { t } = useTranslation('provider');
  const localize = useLocalize();
  const paused = service.status === 'paused';
  const name = service.serviceName;
  return (
    <article className={`card border bg-base-100 shadow-sm ${paused ? 'border-warning' : 'border-base-300'}`}>
      <figure className="relative aspect-[16/9] bg-base-200">
        <FallbackImage
          src={service.serviceImage}
          fallback={images.servicePlaceholder}
          alt={t('manage.imageAlt', { name })}
          width={640}
          height={360}
          loading="lazy"
          className={`h-full w-full object-cover ${paused ? 'opacity-60' : ''}`}
        />
        <span className={`badge absolute top-3 left-3 font-semibold ${paused ? 'badge-warning' : 'badge-success'}`}>
          {t(paused ? 'manage.statusPaused' : 'manage.statusActive')}
        </span>
      </figure>
      <div className="card-body gap-3 p-4">
        <h2 className="card-title text-lg break-words">{name}</h2>
        {paused && <p className="text-sm font-medium text-base-content/80">{t('manage.pausedNote')}</p>}
        <p className="text-sm break-words text-base-content/80">{truncate(service.serviceDescription, 120)}</p>
        <p className="text-xl font-bold text-primary">{formatTaka(service.servicePrice)}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/80">
          <li className="flex min-w-0 items-center gap-1">
            <span className="icon-mask-map-pin size-4" aria-hidden="true" />
            <span className="sr-only">{t('manage.area')}: </span>
            <ServicePlaceSummary service={service} />
          </li>
          <li className="flex items-center gap-1">
            <span className="icon-mask-star size-4" aria-hidden="true" />
            {service.rating === null ? (
              t('manage.noReviews')
            ) : (
              <>
                <span className="sr-only">{t('manage.rating')}: </span>
                {formatOneDecimal(service.rating)}
              </>
            )}
          </li>
          <li>{t('manage.bookings', { count: service.bookings })}</li>
          {/* The booking terms, when the list carries them (issue 20): hours, and the job's length if given. */}
          {service.bookingTerms && (
            <li className="flex w-full items-start gap-1">
              <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">
                <span className="sr-only">{t('terms.summaryHours')}: </span>
                {hoursSummary(t, service.bookingTerms)}
              </span>
            </li>
          )}
          {service.bookingTerms?.jobMinutes && (
            <li className="flex items-center gap-1">
              <Timer className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t('terms.summaryDuration')}: </span>
              {durationText(t, service.bookingTerms.jobMinutes)}
            </li>
          )}
        </ul>
        <div className="card-actions mt-auto grid grid-cols-2 gap-2 pt-1">
          <Link
            to={localize(paths.servicePage(service))}
            className="btn btn-sm btn-outline"
            aria-label={t('manage.viewLabel', { name })}
          >
            <Eye className="size-4 shrink-0" aria-hidden="true" />
            {t('manage.view')}
          </Link>
          <Link
            to={paths.editService(service._id)}
            className="btn btn-sm btn-outline"
            aria-label={t('manage.editLabel', { name })}
          >
            <Pencil className="size-4 shrink-0" aria-hidden="true" />
            {t('manage.edit')}
          </Link>
          <button
            type="button"
            className={`btn btn-sm ${paused ? 'btn-success' : 'btn-warning'}`}
            disabled={busy}
            onClick={() => onToggle(service)}
            aria-label={t(paused ? 'manage.activateLabel' : 'manage.pauseLabel', { name })}
          >
            {paused ? (
              <Play className="size-4 shrink-0" aria-hidden="true" />
            ) : (
              <Pause className="size-4 shrink-0" aria-hidden="true" />
            )}
            {t(paused ? 'manage.activate' : 'manage.pause')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-error"
            disabled={busy}
            onClick={() => onDelete(service)}
            aria-label={t('manage.deleteLabel', { name })}
          >
            <Trash2 className="size-4 shrink-0" aria-hidden="true" />
            {t('manage.delete')}
          </button>
        </div>
      </div>
    </article>
  );
}
