/** What `PaymentLink` offers (index.ts names it). */
export { bookingLines, totalOf, workOrderLines } from './lines';
export { messages as sendMessages, sendForBooking, sendForWorkOrder } from './send';
export {
  messages as webhookMessages,
  receive,
  SIGNATURE_HEADER,
  signatureOf,
  verifySignature,
} from './webhook';
