/**
 * The members of the `Estimate` namespace (index.ts; issue 33, decision 125): the estimate's lines
 * staff write, a call's answers, its inputs and messages, and the counters the revenue section reads.
 */
export { addLine, proposeFinding, removeLine, updateLine } from './estimate';
export { recordPhoneApproval } from './estimate-phone';
export {
  estimateMessages as messages,
  FindingInput,
  LineInput,
  PhoneApprovalInput,
  type LineInput as LineBody,
} from './estimate-input';
export {
  type EstimateFigures as Figures,
  estimateCounterKey as counterKey,
  estimateFigures as figures,
  estimateFiguresOf as figuresOf,
} from './estimate-approval';
export { type EstimateView as View } from './estimate-view';
/** The estimate in the work order portal: read by number and email, answered with a mailed code (decision 127). */
export {
  answerInPortal,
  estimateForPortal,
  PortalAnswerInput,
  PortalCodeInput,
  portalAnswerMessages,
  sendPortalCode,
} from './portal-answer';
