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
