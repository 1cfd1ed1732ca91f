import * as z from 'zod';

/**
 * An image URL kept in an item: site-relative (`/images/...`, or any other
 * path on the site) or absolute http(s). Protocol-relative `//host` and
 * other schemes (`javascript:`, `data:`) are refused. Its own module, free of
 * the S3 client, so the API bundle does not carry S3 for a URL check.
 */
export const imageUrl = z
  .string()
  .trim()
  .max(2000, 'Image URLs must be at most 2000 characters.')
  .refine(
    (value) => /^\/(?![/\\])\S*$/.test(value) || /^https?:\/\/[^\s/]+\S*$/i.test(value),
    'Image URLs must be site-relative (/images/...) or start with http:// or https://.',
  );
