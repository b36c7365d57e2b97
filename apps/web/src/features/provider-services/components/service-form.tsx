import { zodResolver } from '@hookform/resolvers/zod';
import { memo, useState } from 'react';
import { useForm, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { useSchemaMessage } from '@/lib/use-schema-message';
import type { z } from 'zod';
import {
  AREAS,
  districtIdSchema,
  optionalUrlSchema,
  PHOTOS_PER_SERVICE,
  serviceFieldsSchema,
  type Photo,
  type Service,
  type User,
} from '@meramot/shared';
import { images } from '@/config/paths';
import { displayNameOf, formatArea } from '@/lib/format';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Field, fieldAria } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { PhotoPicker } from '@/components/photos/photo-picker';
import {
  BookingTermsFields,
  initialTerms,
  termsBody,
  termsProblems,
  type TermsBody,
  type TermsDraft,
  type TermsProblems,
} from './booking-terms-fields';
import { AREAS_FILTER_ID, DISTRICT_ID, PlaceFields } from './place-fields';

/**
 * The typed fields: the service's image is no longer an address typed here but its uploaded photos
 * (issue 23), a state of their own like the booking terms. The district is required here (the API
 * keeps it optional for the spec's clients), and the areas always sent (none: the whole district).
 * The provider's name and photo are not typed either: the server takes its profile's (see
 * `providerFields`).
 */
const formSchema = serviceFieldsSchema.omit({ serviceImage: true, providerName: true, providerImage: true }).extend({
  serviceDistrict: districtIdSchema,
  serviceAreas: serviceFieldsSchema.shape.serviceAreas.unwrap(),
});
type Input = z.input<typeof formSchema>;
type Fields = z.output<typeof formSchema>;
/**
 * What the form sends: the service's fields, its photos in order (the first is the cover, which
 * becomes its serviceImage), and its booking terms (issue 20). A service from before photos that
 * has none keeps its image address (`serviceImage`) until photos replace it.
 */
export type ServiceFormValues = Fields & TermsBody & ProviderFields & { photoIds: string[]; serviceImage?: string };

/** The spec's provider fields of the body: the API requires the name; the photo is optional. */
interface ProviderFields {
  providerName: string;
  providerImage?: string;
}

/**
 * The provider's name and photo the form shows and sends. The server ignores both and stores the
 * profile's (services.service.ts `providerOf`), so they are the profile's here too: the service's
 * own (its provider's profile's when saved), else the signed-in user's. The name is never blank
 * (displayNameOf falls back to the e-mail's local part, as the server's personName does); the photo
 * is sent only when the API's URL check accepts it.
 */
export function providerFields(user: User, service?: Service): ProviderFields {
  const providerName = service?.providerName.trim() || displayNameOf(user);
  const photo = optionalUrlSchema.safeParse(service ? service.providerImage : user.photoURL);
  return photo.success && photo.data ? { providerName, providerImage: photo.data } : { providerName };
}

/** The "Add photos" button: the focus goes there when the photos are missing. */
const PHOTOS_ID = 'servicePhotos';

/** Starting values: the service being edited, else the signed-in user as the provider. */
export function initialValues(user: User, service?: Service): Input {
  if (service) {
    return {
      serviceName: service.serviceName,
      serviceDescription: service.serviceDescription,
      servicePrice: service.servicePrice,
      serviceArea: service.serviceArea as Input['serviceArea'],
      serviceDistrict: service.serviceDistrict ?? '',
      serviceAreas: service.serviceAreas ?? [],
    };
  }
  return {
    serviceName: '',
    serviceDescription: '',
    servicePrice: '',
    serviceArea: '' as Input['serviceArea'],
    serviceDistrict: '',
    serviceAreas: [],
  };
}

const labels: Record<keyof Input, string> = {
  serviceName: 'form.serviceName',
  serviceDescription: 'form.description',
  servicePrice: 'form.price',
  serviceArea: 'form.area',
  serviceDistrict: 'places:form.district',
  serviceAreas: 'places:form.areas',
};

/** The fields in the order of the form: the first with an error gets the focus (its control's id). */
const FIELD_ORDER: [keyof Input, string][] = [
  ['serviceName', 'serviceName'],
  ['serviceDescription', 'serviceDescription'],
  ['servicePrice', 'servicePrice'],
  ['serviceArea', 'serviceArea'],
  ['serviceDistrict', DISTRICT_ID],
  ['serviceAreas', AREAS_FILTER_ID],
];

interface Props {
  user: User;
  service?: Service;
  saving: boolean;
  onSubmit(values: ServiceFormValues): void;
}

/** The Add / Edit service form, validated with the same schema as the server. */
export function ServiceForm({ user, service, saving, onSubmit }: Props) {
  const { t } = useTranslation('provider');
  // The place fields' texts (the district's label in its error below).
  useTranslation('places');
  const say = useSchemaMessage();
  const { register, handleSubmit, formState, getValues, setValue, control } = useForm<Input, unknown, Fields>({
    resolver: zodResolver(formSchema),
    defaultValues: initialValues(user, service),
    // The place fields are controls of their own: the focus follows the form's order (FIELD_ORDER).
    shouldFocusError: false,
  });
  // Once sent, a field's error follows its changes (as react-hook-form does for its own inputs).
  const revalidate = formState.isSubmitted;
  // A blank required field says so; otherwise the shared schema's message (the server's too).
  const err = (name: keyof Input) => {
    const message = formState.errors[name]?.message;
    if (!message) return undefined;
    const value = getValues(name);
    if (value === undefined || String(value).trim() === '') {
      return t('form.required', { field: t(labels[name]) });
    }
    return say(message);
  };
  const input = 'input w-full';
  const provider = providerFields(user, service);

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
  // The photos (issue 23): those of the service being edited, in their order. A service from
  // before photos shows its image address until photos are added.
  const [photos, setPhotos] = useState<Photo[]>(() => service?.photos ?? []);
  const [uploading, setUploading] = useState(false);
  const [photosChecked, setPhotosChecked] = useState(false);
  const legacyImage = service && !service.photos?.length && service.serviceImage ? service.serviceImage : null;
  const photosProblem = uploading
    ? t('form.photosUploading')
    : photos.length === 0 && !legacyImage
      ? t('form.photosRequired')
      : undefined;
  const photosError = photosChecked ? photosProblem : undefined;
  const changePhotos = (next: Photo[]) => {
    setPhotos(next);
    if (next.length > 0) setPhotosChecked(false);
  };

  const submit = handleSubmit(
    (values) => {
      const termsOk = checkTerms();
      setPhotosChecked(true);
      if (photosProblem) return document.getElementById(PHOTOS_ID)?.focus();
      if (termsOk) {
        return onSubmit({
          ...values,
          ...provider,
          ...termsBody(terms),
          photoIds: photos.map((p) => p.id),
          // Without photos, an older service keeps its image; with them, the cover is its image.
          ...(photos.length === 0 && legacyImage ? { serviceImage: legacyImage } : {}),
        });
      }
      // The first error of the fieldset gets the focus (the fields above it are valid).
      const first = Object.values(termsProblems(terms))[0];
      if (first) document.getElementById(first.focus)?.focus();
    },
    // A field above has an error (it gets the focus): the photos' and terms' errors show too.
    (errors) => {
      const first = FIELD_ORDER.find(([name]) => errors[name]);
      if (first) document.getElementById(first[1])?.focus();
      setPhotosChecked(true);
      void checkTerms();
    },
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
          // Another division: its districts are others.
          {...register('serviceArea', {
            onChange: () => {
              setValue('serviceDistrict', '', { shouldValidate: revalidate });
              setValue('serviceAreas', []);
            },
          })}
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
      <FormPlaceFields
        control={control}
        setValue={setValue}
        revalidate={revalidate}
        districtError={err('serviceDistrict')}
      />
      <div className="min-w-0 sm:col-span-2">
        <PhotoPicker
          id={PHOTOS_ID}
          label={t('form.photos')}
          hint={t('form.photosHint')}
          value={photos}
          onChange={changePhotos}
          max={PHOTOS_PER_SERVICE}
          cover
          allowCamera
          error={photosError}
          onBusyChange={setUploading}
        />
        {legacyImage && photos.length === 0 && (
          <figure className="mt-2 flex items-center gap-3 rounded-box bg-base-200 p-2">
            <FallbackImage
              src={legacyImage}
              fallback={images.servicePlaceholder}
              alt={t('form.currentImageAlt', { name: service?.serviceName ?? '' })}
              width={128}
              height={80}
              loading="lazy"
              className="h-20 w-32 shrink-0 rounded-field object-cover"
            />
            <figcaption className="text-sm">
              <span className="font-medium">{t('form.currentImage')}</span>
              <span className="block text-base-content/80">{t('form.currentImageHint')}</span>
            </figcaption>
          </figure>
        )}
      </div>
      <Field id="providerName" label={t('form.providerName')} hint={t('form.providerNameHint')}>
        <input
          {...fieldAria('providerName', { hint: true })}
          className={`${input} bg-base-200`}
          type="text"
          value={provider.providerName}
          readOnly
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

interface FormPlaceProps {
  control: Control<Input, unknown, Fields>;
  setValue: UseFormSetValue<Input>;
  revalidate: boolean;
  districtError?: string;
}

/**
 * The place fields bound to the form: they alone re-render as the division, district and areas
 * change, and not as the rest of the form does (a district's 50 areas are many checkboxes).
 */
const FormPlaceFields = memo(function FormPlaceFields({
  control,
  setValue,
  revalidate,
  districtError,
}: FormPlaceProps) {
  const [division, district, areas = []] = useWatch({
    control,
    name: ['serviceArea', 'serviceDistrict', 'serviceAreas'],
  });
  const changeDistrict = (id: string) => {
    if (id === district) return;
    setValue('serviceDistrict', id, { shouldDirty: true, shouldValidate: revalidate });
    // Another district: its areas are others.
    setValue('serviceAreas', [], { shouldDirty: true });
  };
  return (
    <PlaceFields
      division={division}
      district={district}
      areas={areas}
      districtError={districtError}
      onDistrictChange={changeDistrict}
      onAreasChange={(ids) => setValue('serviceAreas', ids, { shouldDirty: true, shouldValidate: revalidate })}
    />
  );
});
