import type { ImgHTMLAttributes } from 'react';
import { images } from '@/config/paths';
import { FallbackImage } from './fallback-image';

const SIZES = { 32: 'size-8', 40: 'size-10', 48: 'size-12', 64: 'size-16', 112: 'size-28' } as const;

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError' | 'width' | 'height'> & {
  src: string | null | undefined;
  /** The person's photo described ("Photo of Rahim"), or "" beside their written name. */
  alt: string;
  size: keyof typeof SIZES;
};

/** A person's round photo, the default avatar when they have none or it is broken. Lazy unless told otherwise. */
export function Avatar({ src, alt, size, className = '', ...rest }: Props) {
  return (
    <FallbackImage
      loading="lazy"
      {...rest}
      src={src}
      fallback={images.defaultAvatar}
      alt={alt}
      width={size}
      height={size}
      className={`${SIZES[size]} shrink-0 rounded-full object-cover ${className}`}
    />
  );
}
