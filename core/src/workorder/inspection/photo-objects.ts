import { Storage } from '../../storage/index';
import { SIGNATURE_PREFIX } from '../signatures';
import type { Inspection, InspectionCategory } from './model';
import type { Stored } from '../store';

/** Where a work order's photos live in the bucket: its private prefix, never `images/` (photos.ts). */
export const objectKey = (workOrderId: string, photoId: string, size: 'full' | 'small') =>
  `${SIGNATURE_PREFIX}${workOrderId}/photos/${photoId}${size === 'small' ? '-small' : ''}.jpg`;

/** Every object key of a work order's photos. */
export const photoKeys = (wo: Pick<Stored, 'id' | 'photos'>): string[] =>
  wo.photos.flatMap((p) => [objectKey(wo.id, p.id, 'full'), objectKey(wo.id, p.id, 'small')]);

/** Removes photo objects (a work order's delete, a refused upload). Best effort: they are never served anyway. */
export async function discard(keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map((each) =>
      Storage.remove(each).catch((error: unknown) =>
        console.error(
          JSON.stringify({ level: 'error', msg: 'photo not removed', key: each, error: String(error) }),
        ),
      ),
    ),
  );
}

/** A photo's small copy for the PDF, with the inspection item it shows (decision 129). */
export type PdfPhoto = { jpeg: Uint8Array; category?: InspectionCategory };

/** The PDF's small copies, in order (one missing is left out: the PDF is worth having without it). */
export async function smallPhotos(wo: Pick<Stored, 'id' | 'photos'>): Promise<PdfPhoto[]> {
  const found = await Promise.all(
    wo.photos.map(async (p): Promise<PdfPhoto | null> => {
      const jpeg = await Storage.bytes(objectKey(wo.id, p.id, 'small')).catch(() => null);
      return jpeg ? { jpeg, ...(p.category ? { category: p.category } : {}) } : null;
    }),
  );
  return found.filter((photo): photo is PdfPhoto => photo !== null);
}

/** What the portal and the acknowledgment page show of the inspection: each photo with its item, if any. */
export type ForCustomer = {
  inspection: Inspection | null;
  photos: { id: string; category?: InspectionCategory }[];
};

export const forCustomer = (wo: Stored): ForCustomer => ({
  inspection: wo.inspection ?? null,
  photos: wo.photos.map((p) => ({ id: p.id, ...(p.category ? { category: p.category } : {}) })),
});
