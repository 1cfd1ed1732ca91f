import * as z from 'zod';
import { IMAGE_MAX_MB } from '../../storage/rules';
import { INSPECTION_CATEGORIES, INSPECTION_CONDITIONS, INSPECTION_NOTE_MAX } from './terms';

/**
 * A work order's vehicle inspection (issue 22, decision 080): one item per
 * category, each Good, Fair or Needs attention with a note, and the photos'
 * rules, as zod schemas for the API. The web imports its terms (categories,
 * conditions, labels) from the zod-free terms.ts, and only types from here.
 */

export {
  CATEGORY_LABELS,
  CONDITION_LABELS,
  INSPECTION_CATEGORIES,
  INSPECTION_CONDITIONS,
  INSPECTION_NOTE_MAX,
  type InspectionCategory,
  type InspectionCondition,
} from './terms';

export const inspectionMessages = {
  category: `Category must be one of: ${INSPECTION_CATEGORIES.join(', ')}.`,
  condition: 'Condition must be good, fair or attention.',
  note: `A note may be at most ${INSPECTION_NOTE_MAX} characters.`,
  duplicate: 'Each category may appear only once.',
  items: 'The inspection needs at least one item.',
  photoType: 'Photos must be JPEG or PNG images.',
  photoTooLarge: `A photo may be at most ${IMAGE_MAX_MB} MB.`,
  photoLimit: (limit: number) => `A work order may hold at most ${limit} photos.`,
  photoNotFound: 'Photo not found.',
  photoItem: 'A photo may name only an item of this work order’s saved inspection.',
  photoMissing: 'Choose a photo to upload (multipart field "photo").',
  notMultipart: 'Send the photo as multipart/form-data, field "photo".',
} as const;

const Item = z.object({
  category: z.enum(INSPECTION_CATEGORIES, { error: inspectionMessages.category }),
  condition: z.enum(INSPECTION_CONDITIONS, { error: inspectionMessages.condition }),
  note: z
    .string({ error: inspectionMessages.note })
    .trim()
    .max(INSPECTION_NOTE_MAX, { error: inspectionMessages.note })
    .nullish()
    .transform((note) => note ?? ''),
});
export type InspectionItem = z.output<typeof Item>;

/** `PUT /api/workOrders/{id}/inspection`: the items filled (a category left out is not inspected). */
export const InspectionInput = z.object({
  items: z
    .array(Item, { error: inspectionMessages.items })
    .min(1, { error: inspectionMessages.items })
    .max(INSPECTION_CATEGORIES.length, { error: inspectionMessages.duplicate })
    .refine((items) => new Set(items.map((i) => i.category)).size === items.length, {
      error: inspectionMessages.duplicate,
    }),
});
export type InspectionInput = z.input<typeof InspectionInput>;

/** The inspection as stored and shown: items in the categories' order. */
export const Inspection = z.object({
  items: z.array(Item),
  inspectedAt: z.string(),
  inspectedBy: z.string(),
});
export type Inspection = z.output<typeof Inspection>;

/** The inspection item a photo shows (decision 129): one of the categories; absent, a general photo. */
const PhotoCategory = z.enum(INSPECTION_CATEGORIES, { error: inspectionMessages.category });

/**
 * A photo as stored on the work order: its private objects are named by id (photos.ts); `category`,
 * the inspection item it shows (decision 129), absent for a general photo (every photo before it).
 */
export const Photo = z.object({
  id: z.string(),
  contentType: z.string(),
  addedAt: z.string(),
  category: PhotoCategory.optional(),
});
export type Photo = z.output<typeof Photo>;

/** The items in the categories' order. */
export function orderedItems(items: readonly InspectionItem[]): InspectionItem[] {
  return INSPECTION_CATEGORIES.flatMap((category) => items.filter((i) => i.category === category));
}
