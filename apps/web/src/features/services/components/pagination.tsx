import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';

/** Page numbers to show: the first, the last and two either side of the current, with gaps. */
export function pageWindow(page: number, pages: number): Array<number | 'gap'> {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const list = [...wanted].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  list.forEach((p, i) => {
    if (i > 0 && p - list[i - 1]! > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

interface Props {
  page: number;
  pages: number;
  /** The link target (query string) of a page. */
  hrefFor(page: number): string;
}

export function Pagination({ page, pages, hrefFor }: Props) {
  const { t } = useTranslation('services');
  if (pages <= 1) return null;
  const edge = 'btn btn-sm join-item';
  return (
    <nav aria-label={t('pagination.label')} className="flex flex-col items-center gap-2">
      <div className="join">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={edge} rel="prev">
            <ChevronLeft className="size-4" aria-hidden="true" />
            {t('pagination.previous')}
          </Link>
        ) : (
          <span className={`${edge} btn-disabled`} aria-disabled="true">
            <ChevronLeft className="size-4" aria-hidden="true" />
            {t('pagination.previous')}
          </span>
        )}
        {pageWindow(page, pages).map((p, i) =>
          p === 'gap' ? (
            <span
              key={`gap-${i}`}
              className="btn btn-sm join-item btn-disabled hidden sm:inline-flex"
              aria-hidden="true"
            >
              …
            </span>
          ) : (
            <Link
              key={p}
              to={hrefFor(p)}
              className={`btn btn-sm join-item hidden sm:inline-flex ${p === page ? 'btn-primary' : ''}`}
              aria-current={p === page ? 'page' : undefined}
              aria-label={t('pagination.page', { page: p })}
            >
              {p}
            </Link>
          ),
        )}
        {page < pages ? (
          <Link to={hrefFor(page + 1)} className={edge} rel="next">
            {t('pagination.next')}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        ) : (
          <span className={`${edge} btn-disabled`} aria-disabled="true">
            {t('pagination.next')}
            <ChevronRight className="size-4" aria-hidden="true" />
          </span>
        )}
      </div>
      <p className="text-sm text-base-content/80">{t('pagination.pageOf', { page, pages })}</p>
    </nav>
  );
}
