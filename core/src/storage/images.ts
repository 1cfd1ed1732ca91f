import { VisibleError } from '../error';
import { Storage } from './index';
import { hasSizes, IMAGE_WIDTHS, SIZED_MARK, sizedUrl } from './responsive';
import { IMAGE_MAX_BYTES, type ImageMessages } from './rules';
import { imageTypeOf } from './sniff';

/**
 * Images in the bucket (blog heroes, testimonial avatars), served on the
 * site's own domain at `/images/<name>` (decision 012): the object key is the
 * path without its leading slash, so `/images/blog/hero.png` is the key
 * `images/blog/hero.png`. On AWS the CDN maps the path onto the bucket as is;
 * locally the local server streams the object (functions/src/local/images.ts).
 */
export namespace Images {
  export const PATH_PREFIX = '/images/';
  export const KEY_PREFIX = 'images/';

  /** The image types we store and serve; SVG is deliberately absent (it can carry script). */
  export const contentTypes = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
  } as const;

  export const CACHE_CONTROL = 'public, max-age=86400';
  /** Uploads have random names that never change content: cached for good. */
  export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

  /**
   * Uploaded images live below /images/uploads/ with random names; only
   * those are ever removed by a delete or a replace (seed and external
   * images may be shared by several items).
   */
  export const UPLOAD_FOLDER = 'uploads';
  export type UploadFolder = 'avatars' | 'blog';

  /**
   * A name below /images/: path segments of letters, digits, `.`, `_` and `-`
   * that start with a letter or digit (so never `..`), ending in a known
   * image extension.
   */
  const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*\.(png|jpe?g|gif|webp)$/i;

  /** The object key for a name below /images/, or null when the name is not one we serve. */
  export function keyOf(name: string): string | null {
    if (name.length > 300 || !NAME.test(name)) return null;
    return `${KEY_PREFIX}${name}`;
  }

  /** The site-relative URL of a stored image. */
  export function urlOf(key: string): string {
    return `/${key}`;
  }

  export function contentTypeOf(name: string): string | undefined {
    const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    return (contentTypes as Record<string, string>)[extension];
  }

  /** Stores an image under /images/<name> and returns its site-relative URL. */
  export async function put(
    name: string,
    body: Uint8Array,
    contentType?: string,
    cacheControl: string = CACHE_CONTROL,
  ): Promise<string> {
    const key = keyOf(name);
    const type = contentType ?? contentTypeOf(name);
    if (!key || !type) throw new Error(`Not an image name we serve: ${name}`);
    await Storage.put(key, body, { contentType: type, cacheControl });
    return urlOf(key);
  }

  export type Found = Storage.Found & { contentType: string; cacheControl: string };

  /** An image by its name below /images/; null when the name is not valid or no such object exists. */
  export async function get(name: string): Promise<Found | null> {
    const key = keyOf(name);
    if (!key) return null;
    const object = await Storage.get(key);
    if (!object) return null;
    const known = Object.values(contentTypes) as string[];
    return {
      ...object,
      // Only a known image type is ever sent as such; anything else falls back to the name's.
      contentType:
        object.contentType && known.includes(object.contentType)
          ? object.contentType
          : (contentTypeOf(name) ?? 'application/octet-stream'),
      cacheControl: object.cacheControl ?? CACHE_CONTROL,
    };
  }

  /** Removes an image by its name below /images/ (nothing when there is none). */
  export async function remove(name: string): Promise<void> {
    const key = keyOf(name);
    if (!key) return;
    await Storage.remove(key);
  }

  /**
   * Checks and stores an uploaded image (every image route): at most 5 MB
   * (413) and PNG, JPEG or GIF by its first bytes, whatever its name or
   * declared type (400), under a random name. Returns its site-relative URL.
   * The caller writes its record after this and calls `discard` when that
   * write fails, so no record points at a missing image and, where it can be
   * helped, no image is left without a record.
   */
  export async function upload(
    folder: UploadFolder,
    bytes: Uint8Array,
    messages: ImageMessages,
  ): Promise<string> {
    if (bytes.byteLength > IMAGE_MAX_BYTES) throw new VisibleError('too_large', messages.tooLarge);
    const type = imageTypeOf(bytes);
    if (!type) throw new VisibleError('invalid', messages.notAllowed);
    // A PNG or JPEG gets WebP copies; its name says so (./responsive.ts).
    const mark = type.ext === 'gif' ? '' : SIZED_MARK;
    const name = `${UPLOAD_FOLDER}/${folder}/${crypto.randomUUID().replaceAll('-', '')}${mark}.${type.ext}`;
    const url = await put(name, bytes, type.contentType, UPLOAD_CACHE_CONTROL);
    if (hasSizes(url)) {
      try {
        await putSizes(url, bytes);
      } catch (error) {
        // Not an image sharp can read after all (a damaged file with a valid start): refused, nothing kept.
        await discard(url);
        if (error instanceof VisibleError) throw error;
        throw new VisibleError('invalid', messages.notAllowed);
      }
    }
    return url;
  }

  /**
   * The WebP copies of an uploaded PNG or JPEG at each of IMAGE_WIDTHS
   * (./responsive.ts, decision 073), made with sharp (loaded on first use:
   * only the image routes need it). Turned as its EXIF says, no metadata kept.
   */
  async function putSizes(url: string, bytes: Uint8Array): Promise<void> {
    const { default: sharp } = await import('sharp');
    await Promise.all(
      IMAGE_WIDTHS.map(async (width) => {
        const webp = await sharp(bytes, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer();
        await put(
          sizedUrl(url, width).slice(PATH_PREFIX.length),
          webp,
          contentTypes.webp,
          UPLOAD_CACHE_CONTROL,
        );
      }),
    );
  }

  /** Whether a stored URL names one of our uploads (and so may be removed with its record). */
  export function isUpload(url: string | null | undefined): url is string {
    if (!url?.startsWith(`${PATH_PREFIX}${UPLOAD_FOLDER}/`)) return false;
    return keyOf(url.slice(PATH_PREFIX.length)) !== null;
  }

  /**
   * Removes an uploaded image once its record no longer points at it (a
   * delete, a replace, a failed write). Anything else (seed images, external
   * URLs, nothing) is left alone. Best effort: a failure is logged, never
   * thrown, since the record's change has already happened.
   */
  export async function discard(url: string | null | undefined): Promise<void> {
    if (!isUpload(url)) return;
    try {
      const copies = hasSizes(url) ? IMAGE_WIDTHS.map((width) => sizedUrl(url, width)) : [];
      await Promise.all([url, ...copies].map((each) => remove(each.slice(PATH_PREFIX.length))));
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', msg: 'image not removed', url, error: String(error) }));
    }
  }
}
