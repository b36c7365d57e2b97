import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import type { z } from 'zod';
import { AREAS, MIN_SERVICE_PRICE, serviceFieldsSchema, type Service, type User } from '@meramot/shared';
import { displayNameOf } from '../../../lib/format';
import { fieldAria, FormField } from './form-field';

type Input = z.input<typeof serviceFieldsSchema>;
export type ServiceFormValues = z.output<typeof serviceFieldsSchema>;

/** Starting values: the service being edited, else the signed-in user as the provider. */
export function initialValues(user: User, service?: Service): Input {
  if (service) {
    return {
      serviceName: service.serviceName,
      serviceDescription: service.serviceDescription,
      servicePrice: service.servicePrice,
      serviceArea: service.serviceArea as Input['serviceArea'],
      serviceImage: service.serviceImage,
      providerName: service.providerName,
      providerImage: service.providerImage ?? '',
    };
  }
  return {
    serviceName: '',
    serviceDescription: '',
    servicePrice: '',
    serviceArea: '' as Input['serviceArea'],
    serviceImage: '',
    providerName: displayNameOf(user),
    providerImage: user.photoURL ?? '',
  };
}

const labels: Record<keyof Input, string> = {
  serviceName: 'form.serviceName',
  serviceDescription: 'form.description',
  servicePrice: 'form.price',
  serviceArea: 'form.area',
  serviceImage: 'form.serviceImage',
  providerName: 'form.providerName',
  providerImage: 'form.providerImage',
};

interface Props {
  user: User;
  service?: Service;
  saving: boolean;
  onSubmit(values: ServiceFormValues): void;
}

/** The Add / Edit service form, validated with the same schema as the server. */
export function ServiceForm({ user, service, saving, onSubmit }: Props) {
  const { t } = useTranslation('provider');
  const { register, handleSubmit, formState, getValues } = useForm<Input, unknown, ServiceFormValues>({
    resolver: zodResolver(serviceFieldsSchema),
    defaultValues: initialValues(user, service),
  });
  // A blank required field says so; otherwise the shared schema's message (the server's too).
  const err = (name: keyof Input) => {
    const message = formState.errors[name]?.message;
    if (!message) return undefined;
    const value = getValues(name);
    if (name !== 'providerImage' && (value === '' || value === undefined)) return t('form.required', { field: t(labels[name]) });
    return name === 'serviceImage' || name === 'providerImage' ? t('form.invalidUrl') : message;
  };
  const input = 'input w-full';

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormField id="serviceName" label={t('form.serviceName')} error={err('serviceName')}>
          <input
            {...register('serviceName')}
            {...fieldAria('serviceName', err('serviceName'))}
            className={input}
            placeholder={t('form.serviceNamePlaceholder')}
            required
          />
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <FormField id="serviceDescription" label={t('form.description')} error={err('serviceDescription')}>
          <textarea
            {...register('serviceDescription')}
            {...fieldAria('serviceDescription', err('serviceDescription'))}
            className="textarea w-full"
            rows={4}
            placeholder={t('form.descriptionPlaceholder')}
            required
          />
        </FormField>
      </div>
      <FormField id="servicePrice" label={t('form.price')} error={err('servicePrice')}>
        <input
          {...register('servicePrice')}
          {...fieldAria('servicePrice', err('servicePrice'))}
          className={input}
          type="number"
          inputMode="decimal"
          min={MIN_SERVICE_PRICE}
          step="any"
          placeholder={t('form.pricePlaceholder')}
          required
        />
      </FormField>
      <FormField id="serviceArea" label={t('form.area')} error={err('serviceArea')}>
        <select {...register('serviceArea')} {...fieldAria('serviceArea', err('serviceArea'))} className="select w-full" required>
          <option value="">{t('form.selectArea')}</option>
          {AREAS.map((area) => (
            <option key={area} value={area}>
              {area}
            </option>
          ))}
        </select>
      </FormField>
      <div className="sm:col-span-2">
        <FormField id="serviceImage" label={t('form.serviceImage')} error={err('serviceImage')}>
          <input
            {...register('serviceImage')}
            {...fieldAria('serviceImage', err('serviceImage'))}
            className={input}
            type="url"
            placeholder={t('form.urlPlaceholder')}
            required
          />
        </FormField>
      </div>
      <FormField id="providerName" label={t('form.providerName')} error={err('providerName')}>
        <input {...register('providerName')} {...fieldAria('providerName', err('providerName'))} className={input} required />
      </FormField>
      <FormField id="providerEmail" label={t('form.providerEmail')} hint={t('form.providerEmailHint')}>
        <input
          {...fieldAria('providerEmail', undefined, true)}
          className={`${input} bg-base-200`}
          type="email"
          value={service?.providerEmail ?? user.email}
          readOnly
        />
      </FormField>
      <div className="sm:col-span-2">
        <FormField
          id="providerImage"
          label={
            <>
              {t('form.providerImage')} <span className="font-normal text-base-content/70">{t('form.optional')}</span>
            </>
          }
          error={err('providerImage')}
        >
          <input
            {...register('providerImage')}
            {...fieldAria('providerImage', err('providerImage'))}
            className={input}
            type="url"
            placeholder={t('form.urlPlaceholder')}
          />
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={saving} aria-busy={saving}>
          {saving && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t(service ? 'form.updateButton' : 'form.addButton')}
        </button>
      </div>
    </form>
  );
}
