import { AlertTriangle, Plus, RefreshCw, Wrench } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import type { Service } from '@meramot/shared';
import { paths } from '@/config/paths';
import { alertDialog, confirmDialog, toast } from '@/lib/alerts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAuth } from '@/lib/auth/auth-context';
import { useDeleteService } from '../api/delete-service';
import { useProviderServices } from '../api/get-provider-services';
import { useUpdateService } from '../api/update-service';
import { ProviderServiceCard } from './provider-service-card';
import { ServiceStats } from './service-stats';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingLine } from '@/components/ui/loading-line';

const SUCCESS_MS = 2500;

/** The signed-in provider's services: stats, cards with Pause/Activate and Delete. */
export function ManageServices() {
  const { t } = useTranslation('provider');
  const title = t('manage.title');
  useDocumentTitle(title);
  const { user } = useAuth();
  const email = user?.email ?? '';
  const query = useProviderServices(email);
  const update = useUpdateService();
  const remove = useDeleteService(email);
  // The list is empty while the load failed (spec: error banner with an empty list).
  const services = query.isError ? [] : (query.data ?? []);
  const busyId = update.isPending ? update.variables?.id : remove.isPending ? remove.variables : undefined;

  const toggle = (service: Service) => {
    const status = service.status === 'active' ? 'paused' : 'active';
    update.mutate(
      { id: service._id, body: { status } },
      {
        onSuccess: () =>
          void toast(
            t('manage.statusUpdatedTitle'),
            t(status === 'paused' ? 'manage.pausedText' : 'manage.activatedText', { name: service.serviceName }),
            SUCCESS_MS,
          ),
        onError: () => void alertDialog(t('manage.statusFailedTitle'), t('manage.statusFailedText')),
      },
    );
  };

  const askDelete = async (service: Service) => {
    const confirmed = await confirmDialog({
      title: t('manage.deleteConfirmTitle'),
      text: t('manage.deleteConfirmText', { name: service.serviceName }),
      confirm: t('manage.deleteConfirm'),
      cancel: t('manage.deleteCancel'),
    });
    if (!confirmed) return;
    remove.mutate(service._id, {
      onSuccess: () => void toast(t('manage.deletedTitle'), t('manage.deletedText'), SUCCESS_MS),
      onError: () => void alertDialog(t('manage.deleteFailedTitle'), t('manage.deleteFailedText')),
    });
  };

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12" aria-labelledby="manage-title">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 id="manage-title" className="text-3xl font-bold">
            {title}
          </h1>
          <p className="mt-2 text-base-content/80">{t('manage.subtitle')}</p>
        </div>
        <Link to={paths.addService} className="btn btn-primary">
          <Plus className="size-4" aria-hidden="true" />
          {t('manage.addNew')}
        </Link>
      </div>

      <div className="mt-6">
        <ServiceStats services={services} />
      </div>

      {query.isError && (
        <div role="alert" className="alert alert-error mt-6 flex flex-wrap">
          <AlertTriangle className="size-5" aria-hidden="true" />
          <div className="flex-1">
            <h2 className="font-bold">{t('manage.errorTitle')}</h2>
            <p>{query.error.message || t('manage.errorFallback')}</p>
          </div>
          <button type="button" className="btn btn-sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {t('manage.retry')}
          </button>
        </div>
      )}

      {query.isPending ? (
        <LoadingLine className="mt-8 gap-3" size="md">
          {t('manage.loading')}
        </LoadingLine>
      ) : services.length === 0 && !query.isError ? (
        <EmptyState
          className="mt-8"
          icon={<Wrench />}
          title={t('manage.emptyTitle')}
          text={t('manage.emptyText')}
          action={
            <Link to={paths.addService} className="btn btn-primary">
              {t('manage.addFirst')}
            </Link>
          }
        />
      ) : (
        <div className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {services.map((service) => (
            <ProviderServiceCard
              key={service._id}
              service={service}
              busy={busyId === service._id}
              onToggle={toggle}
              onDelete={(s) => void askDelete(s)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
