import type { CSSProperties, ImgHTMLAttributes } from 'react';
import type { Photo } from '@meramot/shared';
import { hasAvif, srcSetOf } from '@/lib/photos/variants';

type ImgProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'alt' | 'fetchPriority'
>;

export interface PhotoImageProps extends ImgProps {
  photo: Photo;
  /** What the image shows ("" for a decorative one beside its written description). */
  alt: string;
  /** How wide the image shows, for the browser to pick a variant: e.g. "(min-width: 1024px) 760px, 100vw". */
  sizes: string;
  /** Above the fold: loaded at once with a high priority (else lazily, when it nears the viewport). */
  priority?: boolean;
  /** How the photo fills its box: cropped to fill it, or whole inside it. */
  fit?: 'cover' | 'contain';
  /** Classes of the <picture> element (the image's are `className`). */
  pictureClassName?: string;
}

/**
 * An uploaded photo (issue 23) as a <picture>: AVIF and WebP sources with `srcset` from its
 * variants and `sizes`, the image's own width and height (its box is reserved before it loads: no
 * layout shift), lazy unless `priority`, and its tiny blurred placeholder as the background while
 * it loads. The same markup on the server and in the browser (nothing is read from the window).
 */
export function PhotoImage({
  photo,
  alt,
  sizes,
  priority = false,
  fit = 'cover',
  className = '',
  pictureClassName,
  style,
  onLoad,
  ...rest
}: PhotoImageProps) {
  const placeholder: CSSProperties = {
    backgroundImage: `url("${photo.placeholder}")`,
    backgroundSize: fit,
    backgroundPosition: 'center',
    backgroundRepeat: 'no-repeat',
  };
  return (
    <picture className={pictureClassName}>
      {hasAvif(photo) && <source type="image/avif" srcSet={srcSetOf(photo, 'avif')} sizes={sizes} />}
      <source type="image/webp" srcSet={srcSetOf(photo, 'webp')} sizes={sizes} />
      <img
        {...rest}
        src={photo.url}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        draggable={false}
        className={`${fit === 'contain' ? 'object-contain' : 'object-cover'} ${className}`}
        style={{ ...placeholder, ...style }}
        onLoad={(event) => {
          // Loaded: the placeholder goes (it would show through a photo's transparent parts).
          event.currentTarget.style.backgroundImage = 'none';
          onLoad?.(event);
        }}
      />
    </picture>
  );
}
