/** What `Reschedule` offers (index.ts says what it is). */
export { addressChangeMessages, changeAddress } from './address-change';
export { AddressChangeInput } from '../booking/input';
export {
  type ForReschedule,
  forReschedule,
  move,
  pageOf as reschedulePage,
  reschedule,
  RescheduleInput,
  rescheduleMessages,
  type RescheduleWindow,
  rescheduleWindow,
  times as rescheduleTimes,
  TimesQuery as RescheduleTimesQuery,
  timesFor as rescheduleTimesFor,
} from './reschedule';
