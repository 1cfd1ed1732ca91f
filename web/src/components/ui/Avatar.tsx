import { useState } from 'react';
import './avatar.css';
import { ResponsiveImage } from './ResponsiveImage';

type AvatarProps = {
  /** An absolute URL or a path on this site; a missing or broken image shows the default avatar. */
  src?: string | null;
  /** Empty: the avatar is decorative (the name is written next to it). */
  alt?: string;
  /** In CSS pixels: the sizes the stylesheet knows (a class each: no style attribute, decision 043). */
  size?: 48 | 56;
};

/** A round portrait, or the default silhouette when there is no (working) image. */
export function Avatar({ src, alt = '', size = 56 }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span
        className={`avatar avatar--default avatar--${size}`}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="9" r="4" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" />
        </svg>
      </span>
    );
  }
  return (
    <ResponsiveImage
      className={`avatar avatar--${size}`}
      src={src}
      sizes={`${size}px`}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}
