import { lazy, Suspense } from 'react';
import type { PhotoPickerProps } from './photo-picker';

const PhotoPicker = lazy(() => import('./photo-picker').then((m) => ({ default: m.PhotoPicker })));

/**
 * The photo picker in a chunk of its own, loaded when first shown: for a form that opens on a page
 * that needs no picker until then (the booking request on a service page). Meanwhile its label
 * and a loading line hold its place.
 */
export function LazyPhotoPicker(props: PhotoPickerProps) {
  return (
    <Suspense
      fallback={
        <fieldset className="fieldset py-1" aria-busy="true">
          <legend className="fieldset-legend pt-0 pb-1 text-sm">{props.label}</legend>
          <span className="loading loading-sm loading-dots text-base-content/60" aria-hidden="true" />
        </fieldset>
      }
    >
      <PhotoPicker {...props} />
    </Suspense>
  );
}
