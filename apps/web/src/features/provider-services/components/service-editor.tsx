import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { alertDialog, toast } from '@/lib/alerts';
import { errorKind } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateService } from '../api/create-service';
import { useServiceForEdit } from '../api/get-service-for-edit';
import { useUpdateService } from '../api/update-service';
import { ServiceForm, type ServiceFormValues } from './service-form';
import { LoadingLine } from '@/components/ui/loading-line';

const SUCCESS_MS = 2500;

/** Add Service, or Edit Service when `editId` names one of the signed-in provider's services. */
export function ServiceEditor({ editId }: { editId: string | null }) {
  const { t } = useTranslation('provider');
  const navigate = useNavigate();
  const { user } = useAuth();
  const editing = !!editId;
  const title = t(editing ? 'form.editTitle' : 'form.addTitle');
  useDocumentTitle(title);

  const serviceQuery = useServiceForEdit(editId);
  const service = serviceQuery.data;
  const notOwn = !!service && !!user && service.providerEmail.toLowerCase() !== user.email.toLowerCase();
  const loadFailed = editing && (serviceQuery.isError || notOwn);

  const reported = useRef(false);
  useEffect(() => {
    if (!loadFailed || reported.current) return;
    reported.current = true;
    void alertDialog(t('form.loadFailedTitle'), t('form.loadFailedText'));
    void navigate(paths.manageServices, { replace: true });
  }, [loadFailed, navigate, t]);

  const create = useCreateService();
  const update = useUpdateService();
  const saving = create.isPending || update.isPending;

  if (!user) return null;

  const onSaved = () => {
    void toast(
      t(editing ? 'form.updatedTitle' : 'form.addedTitle'),
      t(editing ? 'form.updatedText' : 'form.addedText'),
      SUCCESS_MS,
    );
    void navigate(paths.manageServices);
  };
  const onFailed = (error: Error) => {
    const base = t('form.saveFailedText');
    // A validation answer from the server names the field; show it too.
    const detail = errorKind(error) === 'validation' ? error.message : '';
    void alertDialog(t('form.saveFailedTitle'), detail ? `${base}\n\n${detail}` : base);
  };
  const onSubmit = (values: ServiceFormValues) => {
    // The server takes the provider from the token: no providerEmail in the body.
    if (editId) update.mutate({ id: editId, body: values }, { onSuccess: onSaved, onError: onFailed });
    else create.mutate(values, { onSuccess: onSaved, onError: onFailed });
  };

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12" aria-labelledby="service-editor-title">
      <h1 id="service-editor-title" className="text-3xl font-bold">
        {title}
      </h1>
      <p className="mt-2 text-base-content/80">{t(editing ? 'form.editSubtitle' : 'form.addSubtitle')}</p>
      <div className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body p-4 sm:p-6">
          {editing && (!service || loadFailed) ? (
            <LoadingLine className="gap-3 py-8" size="md">
              {t('form.loading')}
            </LoadingLine>
          ) : (
            <ServiceForm
              key={service?._id ?? 'new'}
              user={user}
              service={service}
              saving={saving}
              onSubmit={onSubmit}
            />
          )}
        </div>
      </div>
    </section>
  );
}
