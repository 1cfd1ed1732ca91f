import { IMAGE_MAX_BYTES } from '@app/core/storage/rules';
import type { BaseSyntheticEvent } from 'react';
import type { FieldValues, Path, PathValue, SubmitHandler, UseFormReturn } from 'react-hook-form';

/**
 * Photos are made smaller in the browser before they are sent (decision
 * 080): a phone's 12-megapixel photo becomes a JPEG at most PHOTO_MAX_PX on
 * its longer side, a few hundred kilobytes over a weak signal instead of
 * several megabytes. The server checks and re-encodes whatever arrives.
 * The one resize of the app: inspection photos always; a hero image or a
 * profile image when it is over the upload limit (decision 087).
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

/**
 * An image to upload within the server's limit (IMAGE_MAX_BYTES, decision 087): as chosen when
 * it fits, so a PNG keeps its transparency and a GIF its frames; else made a JPEG within
 * PHOTO_MAX_PX. A file the browser cannot decode comes back as it is, for the form's own check.
 */
export async function fitForUpload(file: File, maxBytes = IMAGE_MAX_BYTES): Promise<File> {
  if (file.size <= maxBytes) return file;
  const smaller = await resizePhoto(file);
  if (smaller === file) return file;
  return new File([smaller], `${file.name.replace(/\.[^.]*$/, '')}.jpg`, { type: 'image/jpeg' });
}

/**
 * A form's submit handler that first fits the image chosen in its file field `name` for upload
 * (fitForUpload), then validates and submits as `form.handleSubmit(onValid)` does: the form's
 * size check then judges what will be sent.
 */
export function submitFittingImage<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: Path<T>,
  onValid: SubmitHandler<T>,
) {
  return (event?: BaseSyntheticEvent) => {
    // At once: the browser must not send the form natively while the image is being resized.
    event?.preventDefault();
    void (async () => {
      const chosen = (form.getValues(name) as FileList | null | undefined)?.[0];
      if (chosen) {
        const fitted = await fitForUpload(chosen);
        if (fitted !== chosen) {
          const files = new DataTransfer();
          files.items.add(fitted);
          form.setValue(name, files.files as PathValue<T, Path<T>>);
        }
      }
      await form.handleSubmit(onValid)();
    })();
  };
}
