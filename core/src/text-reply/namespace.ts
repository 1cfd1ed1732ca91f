export { receive, type Outcome } from './receive';
export {
  answer,
  AnswerInput,
  inbox,
  InboxInput,
  type Message,
  thread,
  type Thread,
  threadMessages,
} from './thread';
export { answerProblem, commandOf } from './rules';
export { migrationSteps } from './migrate';
