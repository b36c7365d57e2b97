import { images } from '@/config/paths';

/** A person's photo, or the default avatar when there is none or it fails to load. */
export function UserAvatar({
  src,
  size,
  className = '',
}: {
  src: string | null | undefined;
  size: number;
  className?: string;
}) {
  return (
    <img
      src={src || images.defaultAvatar}
      onError={(e) => {
        if (!e.currentTarget.src.endsWith(images.defaultAvatar)) e.currentTarget.src = images.defaultAvatar;
      }}
      alt=""
      width={size}
      height={size}
      decoding="async"
      referrerPolicy="no-referrer"
      className={`shrink-0 rounded-full bg-base-200 object-cover ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
