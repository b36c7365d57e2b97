import { useParams } from 'react-router';
import { errorKind } from '@/lib/api-client';
import { ErrorBanner } from '@/components/ui/error-banner';
import { useProvider } from '@/features/providers/api/get-provider';
import { useProviderReviews, useProviderServices } from '@/features/providers/api/get-provider-lists';
import { ProviderList } from '@/features/providers/components/provider-list';
import { ProviderProfile } from '@/features/providers/components/provider-profile';
import { ReviewCard } from '@/features/reviews/components/review-card';
import { ServiceCard } from '@/features/services/components/service-card';
import { addTranslations, useTranslation } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import servicesTranslations from '@/locales/en/services.json';
import NotFoundRoute from './not-found';

addTranslations('services', servicesTranslations, () => import('@/locales/bn/services.json'));

/**
 * A provider's public page (/providers/{id}): who they are, then their active services (the cards
 * of All Services) and their latest reviews, each list shown page by page. An unknown provider gets
 * the app's not-found page.
 */
export default function ProviderRoute() {
  const { id = '' } = useParams();
  const { t } = useTranslation('services');
  const { t: tc } = useTranslation();
  const provider = useProvider(id);
  // Asked beside the profile (not after it), unless the profile already says there is no such provider.
  const services = useProviderServices(id, { enabled: !provider.isError });
  const reviews = useProviderReviews(id, { enabled: !provider.isError });
  const kind = provider.isError ? errorKind(provider.error) : null;
  const missing = kind === 'not-found' || kind === 'validation';
  useDocumentTitle(provider.data?.displayName ?? (missing ? tc('titles.notFound') : undefined));

  if (missing) return <NotFoundRoute />;
  if (provider.isPending) {
    return (
      <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        <p>{t('providerPage.loading')}</p>
      </div>
    );
  }
  if (provider.isError) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8">
        <ErrorBanner
          title={t('error.title')}
          message={t('providerPage.loadFailed')}
          retryLabel={t('error.retry')}
          retrying={provider.isFetching}
          onRetry={() => void provider.refetch()}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 py-6 sm:py-8">
      <ProviderProfile provider={provider.data} />
      <ProviderList
        kind="services"
        query={services}
        itemKey={(service) => service._id}
        renderItem={(service, i) => (
          // The first card's image is the page's largest paint on a phone (Lighthouse): not lazy.
          <ServiceCard service={service} headingLevel={3} position={i} />
        )}
        listClassName="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      />
      <ProviderList
        kind="reviews"
        query={reviews}
        itemKey={(review) => review._id}
        renderItem={(review) => <ReviewCard review={review} showService />}
        listClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      />
    </div>
  );
}
