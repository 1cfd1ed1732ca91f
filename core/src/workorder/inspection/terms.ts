/**
 * The inspection's terms (issue 22, decision 080): its categories and conditions with the labels
 * people read, and the note's limit. Dependency-free on purpose: the browser's inspection form,
 * the acknowledgment page and the portal import these, and zod stays out of the browser (decision
 * 003; the pages' CSP forbids eval, which zod probes for). The schemas built on them are model.ts's.
 */

export const INSPECTION_CATEGORIES = [
  'tyres',
  'brakes',
  'fluids',
  'lights',
  'battery',
  'wipers',
  'beltsAndHoses',
  'body',
] as const;
export type InspectionCategory = (typeof INSPECTION_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<InspectionCategory, string> = {
  tyres: 'Tires',
  brakes: 'Brakes',
  fluids: 'Fluids',
  lights: 'Lights',
  battery: 'Battery',
  wipers: 'Wipers',
  beltsAndHoses: 'Belts and hoses',
  body: 'Body',
};

export const INSPECTION_CONDITIONS = ['good', 'fair', 'attention'] as const;
export type InspectionCondition = (typeof INSPECTION_CONDITIONS)[number];

export const CONDITION_LABELS: Record<InspectionCondition, string> = {
  good: 'Good',
  fair: 'Fair',
  attention: 'Needs attention',
};

export const INSPECTION_NOTE_MAX = 500;

/** A photo as the grouping below reads it: the inspection item it shows, if any (decision 129). */
type Tagged = { category?: string | null };

/** The photos of one inspection item (decision 129), in the order they were added. */
export const photosOfItem = <P extends Tagged>(photos: readonly P[], category: string): P[] =>
  photos.filter((photo) => photo.category === category);

/** The general photos: none named, or naming an item the inspection no longer has (decision 129). */
export const generalPhotos = <P extends Tagged>(
  photos: readonly P[],
  items: readonly { category: string }[] | undefined,
): P[] =>
  photos.filter((photo) => !photo.category || !items?.some((item) => item.category === photo.category));
