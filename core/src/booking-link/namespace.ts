/** The pages of a booking's link: the landing (landing.ts) and rescheduling by the link (reschedule-link.ts). */
export * from './landing';
export { forRescheduleByLink, rescheduleByLink, rescheduleTimesByLink } from './reschedule-link';
