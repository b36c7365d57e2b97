import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Photo } from '@meramot/shared';
import { useTranslation } from '@/lib/i18n';
import { PhotoImage } from './photo-image';

/** Scrolls the strip to photo `i` (each photo is as wide as the strip). */
function scrollStrip(el: HTMLElement | null, i: number, smooth: boolean) {
  if (!el) return;
  const left = i * el.clientWidth;
  if (typeof el.scrollTo === 'function') el.scrollTo({ left, behavior: smooth ? 'smooth' : 'auto' });
  else el.scrollLeft = left;
}

export interface PhotoGalleryProps {
  photos: Photo[];
  /** The carousel's accessible name, e.g. "Photos of Laptop Screen Repair". */
  label: string;
  /** What the photos show (each image's alternative text), e.g. the service's name. */
  alt: string;
  /** The photo shown first (0 by default). */
  initialIndex?: number;
  /** The first photo shown is above the fold: loaded at once with a high priority, not lazily. */
  priority?: boolean;
  /** How wide the photos show, for the browser to pick a variant. */
  sizes?: string;
  /** The photos' box: its shape (the photos are shown whole inside it). */
  frameClassName?: string;
}

/**
 * A service's photos (issue 23) as a carousel (the WAI-ARIA pattern): a horizontal strip that
 * snaps to each photo (swiped on a phone), previous and next buttons, the arrow keys (Home and End
 * too), thumbnails to jump to a photo, and "Photo 2 of 5" told to screen readers as it changes.
 * The first render is the same on the server and in the browser (the first photo, no window read).
 */
export function PhotoGallery({
  photos,
  label,
  alt,
  initialIndex = 0,
  priority = false,
  sizes = '(min-width: 1024px) 760px, 100vw',
  frameClassName = 'aspect-[16/9]',
}: PhotoGalleryProps) {
  const { t } = useTranslation('photos');
  const total = photos.length;
  const first = Math.min(Math.max(0, initialIndex), Math.max(0, total - 1));
  const [chosen, setIndex] = useState(first);
  // The photos may change under it (the service reloaded): the current one stays among them.
  const index = Math.min(chosen, Math.max(0, total - 1));
  const strip = useRef<HTMLDivElement>(null);
  /** While a button or key scrolls the strip to a photo: the scroll events on the way are not a swipe. */
  const heading = useRef<number | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Opened at another photo than the first (the viewer): the strip starts there.
  useEffect(() => {
    if (first > 0) scrollStrip(strip.current, first, false);
  }, [first]);
  useEffect(() => {
    const timer = settle;
    return () => clearTimeout(timer.current);
  }, []);

  const goTo = (i: number) => {
    if (total < 2) return;
    const next = ((i % total) + total) % total;
    setIndex(next);
    heading.current = next;
    clearTimeout(settle.current);
    settle.current = setTimeout(() => (heading.current = null), 1000);
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    scrollStrip(strip.current, next, !reduced);
  };

  /** A swipe (or a scroll) settles on a photo: it becomes the current one. */
  const onScroll = () => {
    const el = strip.current;
    if (!el || el.clientWidth === 0) return;
    const at = Math.round(el.scrollLeft / el.clientWidth);
    if (heading.current !== null) {
      if (at === heading.current) heading.current = null;
      return;
    }
    if (at >= 0 && at < total && at !== index) setIndex(at);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const to = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: total - 1,
    }[event.key];
    if (to === undefined || total < 2 || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    goTo(to);
  };

  if (total === 0) return null;
  const many = total > 1;
  const overlay = 'btn btn-circle btn-sm absolute top-1/2 -translate-y-1/2 border-base-300 bg-base-100/90 shadow';

  return (
    <section
      aria-roledescription={many ? 'carousel' : undefined}
      aria-label={label}
      className="flex min-w-0 flex-col gap-2"
      onKeyDown={onKeyDown}
    >
      <div className={`relative overflow-hidden rounded-box bg-base-200 ${frameClassName}`}>
        <div
          ref={strip}
          data-gallery-strip
          role={many ? 'group' : undefined}
          aria-label={many ? t('gallery.slides') : undefined}
          tabIndex={many ? 0 : undefined}
          onScroll={many ? onScroll : undefined}
          className="flex h-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary [&::-webkit-scrollbar]:hidden"
        >
          {photos.map((photo, i) => (
            <div
              key={photo.id}
              role={many ? 'group' : undefined}
              aria-roledescription={many ? 'slide' : undefined}
              aria-label={many ? t('gallery.slide', { n: i + 1, total }) : undefined}
              className="h-full w-full shrink-0 snap-center snap-always"
            >
              <PhotoImage
                photo={photo}
                alt={alt}
                sizes={sizes}
                fit="contain"
                priority={priority && i === first}
                className="h-full w-full"
              />
            </div>
          ))}
        </div>
        {many && (
          <>
            <button
              type="button"
              className={`${overlay} left-2`}
              onClick={() => goTo(index - 1)}
              aria-label={t('gallery.previous')}
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={`${overlay} right-2`}
              onClick={() => goTo(index + 1)}
              aria-label={t('gallery.next')}
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
            <span
              className="badge absolute right-2 bottom-2 border-base-300 bg-base-100/90 badge-sm tabular-nums"
              aria-hidden="true"
            >
              {t('gallery.counter', { n: index + 1, total })}
            </span>
          </>
        )}
      </div>
      {many && (
        <>
          <p aria-live="polite" aria-atomic="true" className="sr-only">
            {t('gallery.slide', { n: index + 1, total })}
          </p>
          <div role="group" aria-label={t('gallery.thumbnails')} className="flex gap-2 overflow-x-auto p-1">
            {photos.map((photo, i) => (
              <button
                key={photo.id}
                type="button"
                className={`size-14 shrink-0 overflow-hidden rounded-field border-2 sm:size-16 ${
                  i === index ? 'border-primary' : 'border-transparent opacity-80 hover:opacity-100'
                }`}
                aria-label={t('gallery.showPhoto', { n: i + 1, total })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => goTo(i)}
              >
                <PhotoImage photo={photo} alt="" sizes="64px" className="h-full w-full" />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
