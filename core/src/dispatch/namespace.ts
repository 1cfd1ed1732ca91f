/** What `Dispatch` offers (index.ts says what dispatch is), one file per job. */
export {
  board,
  BoardInput,
  type BoardView,
  type Lane,
  today,
  TODAY_SECTION_LIMIT,
  TodayInput,
  type TodayView,
} from './dispatch';
export { type BoardJob } from './board';
export { Crew } from '../crew/crew';
export { jobState, type JobState } from './job-state';
export { reassign, ReassignInput, reassignMessages, UPCOMING_DAYS, upcomingOf } from './reassign';
export { techDay, type TechDay, TechDayInput, type TechJob, techDayMessages } from './tech-day';
