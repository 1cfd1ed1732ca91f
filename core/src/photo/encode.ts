import { VisibleError } from '../error';
import { type ImageType, imageTypeOf } from '../storage/sniff';

/**
 * A customer's or a technician's photo made safe to keep (decisions 080, 123): judged by its first
 * bytes (JPEG or PNG only), decoded and written again by sharp, turned as the camera held it, at most
 * PHOTO_MAX_PX, with a small copy. Written again, it carries no metadata: a phone's photo of a car in
 * a driveway carries the customer's home position in its EXIF, and none of it survives.
 */

export const PHOTO_MAX_PX = 1600;
/** The small copy (a PDF's grid, a page's thumbnail): sharp at about 125 points. */
export const PHOTO_SMALL_PX = 360;

/** Photo types taken: JPEG and PNG only, judged by the first bytes (storage/sniff, the one byte check). Pure. */
export function photoTypeOf(bytes: Uint8Array): ImageType | null {
  const type = imageTypeOf(bytes);
  return type && (type.ext === 'jpg' || type.ext === 'png') ? type : null;
}

/** A photo as stored (≤ PHOTO_MAX_PX, JPEG, no metadata) and its small copy; 400 `invalid` when sharp cannot read it. */
export async function encodePhoto(
  bytes: Uint8Array,
  notAPhoto: string,
): Promise<{ full: Uint8Array; small: Uint8Array }> {
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate();
    const [full, small] = await Promise.all([
      image
        .clone()
        .resize({ width: PHOTO_MAX_PX, height: PHOTO_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer(),
      image
        .clone()
        .resize({ width: PHOTO_SMALL_PX, height: PHOTO_SMALL_PX, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 70 })
        .toBuffer(),
    ]);
    return { full: new Uint8Array(full), small: new Uint8Array(small) };
  } catch {
    // A valid start on bytes that are no image after all.
    throw new VisibleError('invalid', notAPhoto);
  }
}
