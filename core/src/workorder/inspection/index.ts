/**
 * A work order's inspection (issue 22, decision 080; decision 107 gives it a namespace of its own):
 * the technician's checklist of categories and conditions, and the photos, stored on the work
 * order's item (core/src/workorder/store.ts) and shown on its portal page, link page and PDF.
 * Callers import `Inspection` from here; the work order's other verbs are `WorkOrder`'s.
 */
export * as Inspection from './namespace';
