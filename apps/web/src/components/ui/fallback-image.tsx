import type { ImgHTMLAttributes } from 'react';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string | null | undefined;
  fallback: string;
};

/** An image that shows `fallback` when its own source is missing or broken; decoded off the main thread unless told otherwise. */
export function FallbackImage({ src, fallback, alt, ...rest }: Props) {
  return (
    <img
      decoding="async"
      {...rest}
      alt={alt}
      src={src || fallback}
      onError={(e) => {
        const img = e.currentTarget;
        if (img.getAttribute('src') !== fallback) img.src = fallback;
      }}
    />
  );
}
