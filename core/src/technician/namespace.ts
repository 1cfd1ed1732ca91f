/**
 * What `Technician` offers the rest of the app (index.ts names it): reading
 * them and who works when (technician.ts) and the admin's verbs (admin.ts).
 * The migration from CREW_SIZE reads bookings, so it stands above them, in
 * dispatch/technician-migrate.ts.
 */
export {
  assertWorks,
  crewOn,
  defaultHours,
  get,
  type Info,
  list,
  me,
  type Name,
  nameOf,
  offDuty,
  offDutyMessage,
  type OnDuty,
  ofUser,
} from './technician';
export {
  EditInput,
  ensureNumbered,
  giveAccount,
  invite,
  InviteInput,
  messages,
  setActive,
  update,
} from './admin';
