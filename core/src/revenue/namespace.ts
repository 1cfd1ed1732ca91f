/**
 * What `Revenue` offers the rest of the app (index.ts names it): the write
 * API the money-moving verbs put in their transactions (write.ts), the
 * dashboard (dashboard.ts), the ledger's export (ledger.ts) and the
 * migration's backfill (migrate.ts). Time buckets are in buckets.ts.
 */
export {
  addToCounter,
  type DeclineInput,
  declinedItems,
  OTHER_SERVICE,
  OTHER_SERVICE_NAME,
  type PaymentInput,
  paymentItems,
  type RefundInput,
  refundItems,
  settledItems,
} from './write';
export { type Entry } from './store';
export { dashboard, type Dashboard, DASHBOARD_READS, type MonthFigures, RECENT, WEEKS } from './dashboard';
export {
  CSV_HEADER,
  csvCell,
  csvFileName,
  csvHeader,
  csvLine,
  csvLines,
  entriesBetween,
  EXPORT_PAGE,
  ExportInput,
  messages,
} from './ledger';
