/**
 * The `TimeSlot` namespace's members, gathered from the files that do each
 * job (index.ts re-exports them as `TimeSlot`). Helpers the files share
 * (the entities, `record`, `listed`, ...) stay out of it.
 */
export { createBulk, create, createForService } from './create';
export { remove, removeMany, retireService, setAvailable, type DeletedMany } from './edit';
export {
  BULK_WINDOW_DAYS,
  BulkInput,
  CreateInput,
  DeleteManyInput,
  HORIZON_DAYS,
  LIST_LIMIT,
  ListFilter,
  MAX_SLOTS_PER_REQUEST,
  messages,
  ServiceSlotsInput,
} from './input';
export { list, type Created, type Listed } from './list';
export {
  serviceStats,
  STATS_DAYS,
  statistics,
  systemStats,
  type Statistics,
  type SystemStats,
} from './stats';
export {
  bookItem,
  freeItem,
  id,
  MAX_SLOTS_PER_DAY,
  onDate,
  pageBetween,
  serviceHasSlots,
  Stored,
} from './store';
export { ensureWindow } from './window';
