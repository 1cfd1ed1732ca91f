import { hasSizes, webpSrcSet } from '@app/core/storage/responsive';
import type { ImgHTMLAttributes } from 'react';

type ResponsiveImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  src: string;
  /** How wide the image is drawn, for the browser's choice of copy (the `sizes` attribute). */
  sizes: string;
};

/**
 * An image in the size the layout needs (decision 073): an upload's WebP
 * copies (160 to 1440 px wide) offered through a `<picture>` source, the
 * original as the fallback for a browser without WebP. Other images (the
 * seed's, external ones) are a plain `<img>`. The picture takes no box of its
 * own (`display: contents`), so the image's classes lay it out as before.
 */
export function ResponsiveImage({ src, sizes, alt = '', ...img }: ResponsiveImageProps) {
  if (!hasSizes(src)) return <img src={src} alt={alt} {...img} />;
  return (
    <picture className="responsive-picture">
      <source type="image/webp" srcSet={webpSrcSet(src)} sizes={sizes} />
      <img src={src} alt={alt} {...img} />
    </picture>
  );
}
