import type { Service } from '@meramot/shared';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import { images, paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { formatTaka, truncate } from '@/lib/format';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Avatar } from '@/components/ui/avatar';

/** Description cut on the home cards (spec section 9). */
export const DESCRIPTION_PREVIEW = 100;

export function PopularServiceCard({ service }: { service: Service }) {
  const { t } = useTranslation('home');
  const localize = useLocalize();
  return (
    <article className="card relative h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md motion-reduce:transition-none has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-primary has-[a:focus-visible]:ring-offset-2 has-[a:focus-visible]:ring-offset-base-100">
      <FallbackImage
        src={service.serviceImage}
        fallback={images.servicePlaceholder}
        alt=""
        width={800}
        height={600}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="card-body gap-3 p-5">
        <h3 className="card-title text-lg leading-snug break-words">
          <Link
            to={localize(paths.servicePage(service))}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {service.serviceName}
          </Link>
        </h3>
        <p className="text-sm break-words text-base-content/80">
          {truncate(service.serviceDescription, DESCRIPTION_PREVIEW)}
        </p>
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          <span className="flex min-w-0 items-center gap-2 text-sm">
            <Avatar src={service.providerImage} alt="" size={32} />
            <span className="truncate">{t('popular.by', { name: service.providerName })}</span>
          </span>
          <span className="shrink-0 text-lg font-bold text-primary">{formatTaka(service.servicePrice)}</span>
        </div>
      </div>
    </article>
  );
}
