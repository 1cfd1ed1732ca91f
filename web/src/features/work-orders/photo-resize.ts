/**
 * Photos are made smaller in the browser before they are sent (decision
 * 080): a phone's 12-megapixel photo becomes a JPEG at most PHOTO_MAX_PX on
 * its longer side, a few hundred kilobytes over a weak signal instead of
 * several megabytes. The server checks and re-encodes whatever arrives.
 */
export const PHOTO_MAX_PX = 1600;
const QUALITY = 0.85;

/** The size that fits within `max` on the longer side, the shape kept; never larger. Pure. */
export function fitWithin(
  width: number,
  height: number,
  max = PHOTO_MAX_PX,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The file as a JPEG within PHOTO_MAX_PX, turned as the camera held it. A
 * file the browser cannot decode is sent as it is: the server then refuses
 * it with its own message.
 */
export async function resizePhoto(file: File): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
  return blob ?? file;
}
