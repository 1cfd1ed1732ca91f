export { AcknowledgeInput, ListInput, StatusOnlyInput, WorkOrderInput } from './input';

/**
 * Work orders (doc 2 §3-§5, issue 13; docs/data-model.md "Work orders";
 * decisions 038 money and numbers, 039 acknowledgment, 040 the expiry job).
 *
 * - Money is computed here only, with `priceWorkOrder` (browser totals are
 *   never read).
 * - A number `WO-<year>-NNNN` comes from the year's atomic counter (one
 *   `ADD`), and the `WONUMBER` guard and the work order are written in one
 *   transaction; a number already guarded is skipped for the next.
 * - Every write of a work order is a full put conditional on `rev`, the
 *   version read, so two admins' edits cannot silently overwrite each other.
 * - The acknowledgment link is a LinkToken: using it and recording the
 *   acknowledgment are one transaction, conditional on the link still being
 *   the work order's current one.
 *
 * The domain is a folder of files, one job each (decision 051): storage and
 * the write rule (store.ts), numbering, the reply's view, the admin's edits
 * (edit.ts), status changes, the list, mail and the PDF's parts (delivery.ts),
 * the portal, the acknowledgment link, and the private signature objects.
 */
export * as WorkOrder from './work-order';
/** Estimates approved line by line (issue 33, decision 125). */
export * as Estimate from './estimate-members';
