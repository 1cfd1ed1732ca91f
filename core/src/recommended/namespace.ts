export { bookPath, followUpMail, followUpText, type FollowUpFacts } from './mail';
export {
  bookIt,
  dismiss,
  dismissMessages,
  type DeskLine,
  list,
  ListInput,
  ofVehicle,
  RefInput,
  unsubscribe,
  unsubscribeMessages,
} from './desk';
export { FOLLOW_UP_CONCURRENCY, followUpMessages, sendDue } from './follow-up';
