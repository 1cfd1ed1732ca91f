import { Storage } from './index';

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
  export async function put(name: string, body: Uint8Array, contentType?: string): Promise<string> {
    const key = keyOf(name);
    const type = contentType ?? contentTypeOf(name);
    if (!key || !type) throw new Error(`Not an image name we serve: ${name}`);
    const { PutObjectCommand } = await Storage.sdk();
    await (
      await Storage.s3()
    ).send(
      new PutObjectCommand({
        Bucket: Storage.bucket(),
        Key: key,
        Body: body,
        ContentType: type,
        CacheControl: CACHE_CONTROL,
      }),
    );
    return urlOf(key);
  }

  export type Found = {
    body: ReadableStream;
    contentType: string;
    contentLength?: number;
    cacheControl: string;
    etag?: string;
    lastModified?: Date;
  };

  /** An image by its name below /images/; null when the name is not valid or no such object exists. */
  export async function get(name: string): Promise<Found | null> {
    const key = keyOf(name);
    if (!key) return null;
    try {
      const { GetObjectCommand } = await Storage.sdk();
      const object = await (
        await Storage.s3()
      ).send(new GetObjectCommand({ Bucket: Storage.bucket(), Key: key }));
      if (!object.Body) return null;
      const stored = object.ContentType ?? '';
      const known = Object.values(contentTypes) as string[];
      return {
        body: object.Body.transformToWebStream(),
        // Only a known image type is ever sent as such; anything else falls back to the name's.
        contentType: known.includes(stored) ? stored : (contentTypeOf(name) ?? 'application/octet-stream'),
        contentLength: object.ContentLength,
        cacheControl: object.CacheControl ?? CACHE_CONTROL,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      const kind = (error as Error).name;
      if (kind === 'NoSuchKey' || kind === 'NotFound') return null;
      throw error;
    }
  }

  /** Removes an image by its name below /images/ (nothing when there is none). */
  export async function remove(name: string): Promise<void> {
    const key = keyOf(name);
    if (!key) return;
    const { DeleteObjectCommand } = await Storage.sdk();
    await (await Storage.s3()).send(new DeleteObjectCommand({ Bucket: Storage.bucket(), Key: key }));
  }
}
