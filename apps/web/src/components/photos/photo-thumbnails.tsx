import { useId, useState } from 'react';
import type { Photo } from '@meramot/shared';
import { Modal } from '@/components/ui/modal';
import { useTranslation } from '@/lib/i18n';
import { PhotoGallery } from './photo-gallery';
import { PhotoImage } from './photo-image';

export interface PhotoThumbnailsProps {
  photos: Photo[];
  /** The list's name, and the viewer's title: e.g. "Photos of the problem". */
  label: string;
  /** What the photos show (their alternative text in the viewer). */
  alt: string;
  /** The thumbnails' size: small in a message, larger in a booking's details. */
  size?: 'sm' | 'md';
}

const SIZES = { sm: 'size-14', md: 'size-16 sm:size-20' } as const;

/**
 * Photos attached to a booking request or a message (issue 23) as small thumbnails; each opens the
 * photos larger in a viewer (a modal with the carousel, at that photo). Focus returns to the
 * thumbnail when the viewer closes.
 */
export function PhotoThumbnails({ photos, label, alt, size = 'md' }: PhotoThumbnailsProps) {
  const { t } = useTranslation('photos');
  const titleId = useId();
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  return (
    <>
      <ul aria-label={label} className="flex flex-wrap gap-2">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <button
              type="button"
              className={`block overflow-hidden rounded-field border border-base-300 bg-base-200 transition-opacity hover:opacity-90 motion-reduce:transition-none ${SIZES[size]}`}
              aria-label={t('viewer.open', { n: i + 1, total: photos.length })}
              onClick={() => setOpen(i)}
            >
              <PhotoImage photo={photo} alt="" sizes="80px" className="h-full w-full" />
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title={label}
        titleId={titleId}
        initialFocus='[data-gallery-strip][tabindex="0"]'
        className="sm:max-w-3xl"
      >
        {open !== null && (
          <div className="mt-3">
            <PhotoGallery
              photos={photos}
              label={label}
              alt={alt}
              initialIndex={open}
              priority
              sizes="(min-width: 640px) 720px, 100vw"
              frameClassName="aspect-[4/3] max-h-[70vh]"
            />
          </div>
        )}
      </Modal>
    </>
  );
}
