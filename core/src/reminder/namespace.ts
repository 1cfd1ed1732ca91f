export {
  dueItems,
  dueTimes,
  insideWindow,
  type ReminderKind,
  reminderKinds,
  remindable,
  removeItems,
  rescheduleItems,
  statusItems,
  wasSent,
} from '../booking/reminder-due';
export { isOneSegment, reminderMail, reminderText } from './mail';
export { reminderSteps as migrationSteps } from './migrate';
export { REMINDER_CONCURRENCY, REMINDER_PAGE, sendDue } from './send';
