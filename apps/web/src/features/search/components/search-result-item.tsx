import type { Service } from '@meramot/shared';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import { images, paths } from '@/config/paths';
import { useLocalize } from '@/lib/page-language';
import { FallbackImage } from '@/components/ui/fallback-image';
import { formatArea, formatTaka, truncate } from '@/lib/format';
import { Highlight } from './highlight';

/** Characters of the description shown in the dropdown (spec section 9). */
export const SEARCH_DESCRIPTION_PREVIEW = 60;

interface Props {
  id: string;
  service: Service;
  /** Finds the matched terms to highlight (see `highlightPattern`). */
  pattern: RegExp | null;
  active: boolean;
  onChoose(): void;
}

/** One match in the header search dropdown: an option that links to the service detail. */
export function SearchResultItem({ id, service, pattern, active, onChoose }: Props) {
  const { t } = useTranslation('search');
  const localize = useLocalize();
  return (
    <Link
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      to={localize(paths.servicePage(service))}
      onClick={onChoose}
      className={`flex gap-3 px-3 py-2 text-left hover:bg-base-200 ${active ? 'bg-base-200 ring-2 ring-primary ring-inset' : ''}`}
    >
      <FallbackImage
        src={service.serviceImage}
        fallback={images.servicePlaceholder}
        alt=""
        width={56}
        height={56}
        loading="lazy"
        className="size-14 shrink-0 rounded-md bg-base-200 object-cover"
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-start justify-between gap-2">
          <span className="font-semibold break-words">
            <Highlight text={service.serviceName} pattern={pattern} />
          </span>
          <span className="shrink-0 font-semibold text-primary">{formatTaka(service.servicePrice)}</span>
        </span>
        <span className="text-sm break-words text-base-content/80">
          <Highlight text={truncate(service.serviceDescription, SEARCH_DESCRIPTION_PREVIEW)} pattern={pattern} />
        </span>
        <span className="mt-0.5 text-xs text-base-content/80">
          {t('byProvider')} <Highlight text={service.providerName} pattern={pattern} />
          <span aria-hidden="true"> · </span>
          <span className="sr-only">{t('inArea')} </span>
          <Highlight text={formatArea(service.serviceArea)} pattern={pattern} />
        </span>
      </span>
    </Link>
  );
}
