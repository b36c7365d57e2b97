import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { useSchemaMessage } from '@/lib/use-schema-message';
import type { z } from 'zod';
import { AREAS, serviceFieldsSchema, type Service, type User } from '@meramot/shared';
import { displayNameOf, formatArea } from '@/lib/format';
import { Field, fieldAria } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import {
  BookingTermsFields,
  initialTerms,
  termsBody,
  termsProblems,
  type TermsBody,
  type TermsDraft,
  type TermsProblems,
} from './booking-terms-fields';

type Input = z.input<typeof serviceFieldsSchema>;
/** What the form sends: the service's fields and its booking terms (issue 20). */
export type ServiceFormValues = Fields & TermsBody;
type Fields = z.output<typeof serviceFieldsSchema>;

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
  const say = useSchemaMessage();
  const { register, handleSubmit, formState, getValues } = useForm<Input, unknown, Fields>({
    resolver: zodResolver(serviceFieldsSchema),
    defaultValues: initialValues(user, service),
  });
  // A blank required field says so; otherwise the shared schema's message (the server's too).
  const err = (name: keyof Input) => {
    const message = formState.errors[name]?.message;
    if (!message) return undefined;
    const value = getValues(name);
    if (name !== 'providerImage' && (value === undefined || String(value).trim() === '')) {
      return t('form.required', { field: t(labels[name]) });
    }
    return name === 'serviceImage' || name === 'providerImage' ? t('form.invalidUrl') : say(message);
  };
  const input = 'input w-full';

  // The booking terms are a state of their own, checked with the other fields on submit.
  const [terms, setTerms] = useState<TermsDraft>(() => initialTerms(service));
  const [termsErrors, setTermsErrors] = useState<TermsProblems | null>(null);
  const changeTerms = (next: TermsDraft) => {
    setTerms(next);
    if (termsErrors) setTermsErrors(termsProblems(next));
  };
  /** Shows the terms' errors; true when there are none. */
  const checkTerms = () => {
    const problems = termsProblems(terms);
    setTermsErrors(problems);
    return Object.keys(problems).length === 0;
  };
  const submit = handleSubmit(
    (values) => {
      if (checkTerms()) return onSubmit({ ...values, ...termsBody(terms) });
      // The first error of the fieldset gets the focus (the fields above it are valid).
      const first = Object.values(termsProblems(terms))[0];
      if (first) document.getElementById(first.focus)?.focus();
    },
    // A field above has an error (react-hook-form focuses it): the terms' errors show too.
    () => void checkTerms(),
  );

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field id="serviceName" label={t('form.serviceName')} error={err('serviceName')}>
          <input
            {...register('serviceName')}
            {...fieldAria('serviceName', { error: err('serviceName') })}
            className={input}
            placeholder={t('form.serviceNamePlaceholder')}
            required
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id="serviceDescription" label={t('form.description')} error={err('serviceDescription')}>
          <textarea
            {...register('serviceDescription')}
            {...fieldAria('serviceDescription', { error: err('serviceDescription') })}
            className="textarea w-full"
            rows={4}
            placeholder={t('form.descriptionPlaceholder')}
            required
          />
        </Field>
      </div>
      <Field id="servicePrice" label={t('form.price')} error={err('servicePrice')}>
        <input
          // Kept as typed: the shared schema reads "৳২,৫০০", "৳ 2,500" or "2500" (normalisePrice).
          {...register('servicePrice')}
          {...fieldAria('servicePrice', { error: err('servicePrice') })}
          className={input}
          type="text"
          inputMode="decimal"
          placeholder={t('form.pricePlaceholder')}
          required
        />
      </Field>
      <Field id="serviceArea" label={t('form.area')} error={err('serviceArea')}>
        <select
          {...register('serviceArea')}
          {...fieldAria('serviceArea', { error: err('serviceArea') })}
          className="select w-full"
          required
        >
          <option value="">{t('form.selectArea')}</option>
          {AREAS.map((area) => (
            <option key={area} value={area}>
              {formatArea(area)}
            </option>
          ))}
        </select>
      </Field>
      <div className="sm:col-span-2">
        <Field id="serviceImage" label={t('form.serviceImage')} error={err('serviceImage')}>
          <input
            {...register('serviceImage')}
            {...fieldAria('serviceImage', { error: err('serviceImage') })}
            className={input}
            type="url"
            placeholder={t('form.urlPlaceholder')}
            required
          />
        </Field>
      </div>
      <Field id="providerName" label={t('form.providerName')} error={err('providerName')}>
        <input
          {...register('providerName')}
          {...fieldAria('providerName', { error: err('providerName') })}
          className={input}
          required
        />
      </Field>
      <Field id="providerEmail" label={t('form.providerEmail')} hint={t('form.providerEmailHint')}>
        <input
          {...fieldAria('providerEmail', { hint: true })}
          className={`${input} bg-base-200`}
          type="email"
          value={service?.providerEmail ?? user.email}
          readOnly
        />
      </Field>
      <div className="sm:col-span-2">
        <Field
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
            {...fieldAria('providerImage', { error: err('providerImage') })}
            className={input}
            type="url"
            placeholder={t('form.urlPlaceholder')}
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <BookingTermsFields draft={terms} problems={termsErrors ?? {}} onChange={changeTerms} />
      </div>
      <div className="sm:col-span-2">
        <SubmitButton className="w-full sm:w-auto" busy={saving} aria-busy={saving}>
          {t(service ? 'form.updateButton' : 'form.addButton')}
        </SubmitButton>
      </div>
    </form>
  );
}
