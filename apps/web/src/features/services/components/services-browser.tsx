import { LIST_WINDOW, lastPageInWindow } from '@meramot/shared';
import { useDeferredValue } from 'react';
import { SearchCorrection } from '@/components/ui/search-correction';
import { formatCount } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { placeName } from '@/lib/places/places';
import { useServices, useServicesTotal } from '../api/get-services';
import { useServicesParams } from '../use-services-params';
import { ConnectionIssue } from './connection-issue';
import { NoMatch, NoServices, PastLastPage } from './services-empty';
import { Pagination } from './pagination';
import { ServiceCard } from './service-card';
import { ServicesCount } from './services-count';
import { ServicesToolbar } from './services-toolbar';

/** The All Services page: toolbar, count, cards and pages, all driven by the URL query. */
export function ServicesBrowser() {
  const { t, language } = useTranslation('services');
  const { params, update, clear, pageSearch, filtered } = useServicesParams();
  const list = useServices(params);
  const total = useServicesTotal();

  // The cards render as a deferred (interruptible, time-sliced) update once the page arrives, so
  // a slow phone stays responsive to input meanwhile.
  const data = useDeferredValue(list.data);
  // The server pages through the first LIST_WINDOW results only: no page link past that.
  const pages = data ? Math.max(1, Math.min(Math.ceil(data.total / data.limit), lastPageInWindow(data.limit))) : 1;
  const pastWindow = !!data && (data.totalCapped || data.total > LIST_WINDOW);
  const grandTotal = filtered ? total.data : (total.data ?? data?.total);

  let body;
  if (list.isPending || (list.data && !data)) {
    body = (
      <div role="status" className="flex flex-col items-center gap-3 py-16">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        <p>{t('list.loading')}</p>
      </div>
    );
  } else if (list.isError && !data) {
    body = null;
  } else if (data && data.total === 0) {
    body = filtered ? <NoMatch onClear={clear} /> : <NoServices />;
  } else if (data && data.services.length === 0) {
    body = <PastLastPage onFirstPage={() => update({ page: 1 })} />;
  } else if (data) {
    body = (
      <>
        <ul
          className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={list.isPlaceholderData}
        >
          {data.services.map((service, i) => (
            <li key={service._id}>
              <ServiceCard service={service} position={i} />
            </li>
          ))}
        </ul>
        <Pagination page={params.page} pages={pages} hrefFor={pageSearch} />
        {pastWindow && (
          <p className="-mt-4 text-center text-sm text-base-content/80">
            {t('pagination.windowNote', { window: formatCount(LIST_WINDOW) })}
          </p>
        )}
      </>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold sm:text-4xl">{t('list.title')}</h1>
        <p className="text-base-content/80">{t('list.subtitle')}</p>
      </header>
      <ServicesToolbar params={params} onChange={update} onClear={clear} />
      {list.isError && (
        <ConnectionIssue message={list.error.message} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      )}
      {/* The server searched for corrected words instead ("labtop" → "laptop"): say so above the results. */}
      <SearchCorrection
        search={params.search ?? ''}
        corrected={data && !list.isPlaceholderData ? data.query?.corrected : null}
        className="-mb-4 text-base-content/80 empty:hidden"
      />
      {/* The search named a place ("laptop mirpur"): it was read as the place, not as words to find. */}
      {data && !list.isPlaceholderData && data.query?.place && (
        <p className="-mb-4 text-base-content/80">
          {t('list.understoodPlace', { place: placeName(data.query.place, language) })}
        </p>
      )}
      <div aria-live="polite" className="min-h-5">
        {data && !list.isPlaceholderData && (data.total > 0 || filtered) && (
          <ServicesCount found={data.total} total={grandTotal} capped={data.totalCapped} />
        )}
        {list.isPlaceholderData && <p className="text-sm text-base-content/80">{t('list.updating')}</p>}
      </div>
      {body}
    </section>
  );
}
