/**
 * The smaller copies of an uploaded image (decision 073): at upload, each PNG
 * or JPEG under /images/uploads/ is also stored as WebP at these widths
 * (never wider than the original: a narrow original's copies keep its width),
 * named after it: `/images/uploads/blog/<id>.png` has
 * `/images/uploads/blog/<id>-480w.webp` and so on. Plain code, no imports: the
 * browser builds its `srcset` from the same rule.
 */
export const IMAGE_WIDTHS = [160, 480, 960, 1440] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The mark an upload's name carries when it has the copies. */
export const SIZED_MARK = '-sized';

const RESIZED = /^\/images\/uploads\/[a-z]+\/[a-f0-9]{32}-sized\.(png|jpe?g)$/;

/** Whether the image at `url` has the WebP copies (our uploads, PNG or JPEG). */
export const hasSizes = (url: string | null | undefined): url is string => !!url && RESIZED.test(url);

/** The URL of the WebP copy `width` pixels wide of an image that has them. */
export const sizedUrl = (url: string, width: ImageWidth): string =>
  url.replace(/\.[a-z]+$/, `-${width}w.webp`);

/** The `srcset` of the WebP copies of an image that has them. */
export const webpSrcSet = (url: string): string =>
  IMAGE_WIDTHS.map((width) => `${sizedUrl(url, width)} ${width}w`).join(', ');
