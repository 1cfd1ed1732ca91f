import { Images } from '@app/core/storage/images';
import { Hono } from 'hono';

/**
 * /images/<name> on the local stack: streams the object `images/<name>` from
 * the local S3, as the CDN does from the bucket on AWS (decision 012). Only
 * well-formed names of known image types are looked up (no `..`, no
 * encoded slashes tricks: the name is decoded once and checked), so the
 * request can never reach outside the images prefix.
 */
export const localImages = new Hono().get('/*', async (c) => {
  const pathname = new URL(c.req.url).pathname;
  let name: string | null = null;
  if (pathname.startsWith(Images.PATH_PREFIX)) {
    try {
      name = decodeURIComponent(pathname.slice(Images.PATH_PREFIX.length));
    } catch {
      name = null;
    }
  }
  const found = name ? await Images.get(name) : null;
  if (!found) return c.json({ msg: 'Not found.' }, 404);
  const headers: Record<string, string> = {
    'Content-Type': found.contentType,
    'Cache-Control': found.cacheControl,
    'X-Content-Type-Options': 'nosniff',
  };
  if (found.contentLength !== undefined) headers['Content-Length'] = String(found.contentLength);
  if (found.etag) headers.ETag = found.etag;
  if (found.lastModified) headers['Last-Modified'] = found.lastModified.toUTCString();
  if (found.etag && c.req.header('if-none-match') === found.etag) {
    await found.body.cancel();
    return c.body(null, 304, { ETag: found.etag, 'Cache-Control': found.cacheControl });
  }
  return c.body(found.body, 200, headers);
});
