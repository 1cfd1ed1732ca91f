import { api, isApiStatus, path, unwrap } from '../../lib/api';

/** The portal's texts (doc 2 §4, §5, §8). */
export const portalMessages = {
  bothRequired: 'Please enter both work order number and email address',
  downloaded: 'Work order downloaded successfully!',
  notFound: 'Work order not found or email does not match our records',
  badEmail: 'Please provide a valid email address',
  failed: 'Unable to download work order. Please try again later.',
} as const;

/** Doc 2 §8: 404 and 400 have their own texts; anything else (429, 500, offline) the general one. */
export function portalError(error: unknown): string {
  if (isApiStatus(error, 404)) return portalMessages.notFound;
  if (isApiStatus(error, 400)) return portalMessages.badEmail;
  return portalMessages.failed;
}

/** The arguments of GET /api/workOrders/public/{number}/pdf?email= for what was typed (trimmed, encoded). */
export const portalPdfArgs = (number: string, email: string) => ({
  param: path({ number: number.trim() }),
  query: { email: email.trim() },
});

/** Asks for the PDF of what was typed (the typed client's call; `downloadFile` saves it). */
export const requestPortalPdf = (number: string, email: string) =>
  api.api.workOrders.public[':number'].pdf.$get(portalPdfArgs(number, email));

/** GET /api/workOrders/public/{number}/inspection?email= (decision 080): the inspection and its photos' ids. */
export const requestPortalInspection = (number: string, email: string) =>
  unwrap(api.api.workOrders.public[':number'].inspection.$get(portalPdfArgs(number, email)));

/** Where the portal's holder reads a photo: the number and email are the key, as for the PDF. */
export const portalPhotoUrl = (number: string, email: string, photoId: string, size: 'full' | 'small') =>
  api.api.workOrders.public[':number'].photos[':photoId'].$path({
    param: path({ number: number.trim(), photoId }),
    query: { email: email.trim(), size },
  });

export const noInspection = 'No inspection was recorded for this work order.';

const publicWorkOrder = api.api.workOrders.public[':number'];

/** GET /api/workOrders/public/{number}/estimate?email= (decision 127): the acknowledgment page's view, by number and email. */
export const requestPortalEstimate = (number: string, email: string) =>
  unwrap(publicWorkOrder.estimate.$get(portalPdfArgs(number, email)));

export type PortalEstimateView = Awaited<ReturnType<typeof requestPortalEstimate>>;

/** POST .../estimate/code: a one-time code mailed to the work order's customer email (the one typed). */
export const requestPortalCode = (number: string, email: string) =>
  unwrap(
    publicWorkOrder.estimate.code.$post({
      param: path({ number: number.trim() }),
      json: { email: email.trim() },
    }),
  );

export type PortalAnswer = {
  code: string;
  acknowledgedBy: { name: string; email: string };
  signature: string;
  userAgent: string;
  version: string;
  decisions: { lineId: string; decision: 'approved' | 'declined' | 'deferred' }[];
  termsAccepted: boolean;
};

/** POST .../estimate/answer: the answers, the terms and the signature, with the code. */
export const answerPortalEstimate = (number: string, answer: PortalAnswer) =>
  unwrap(publicWorkOrder.estimate.answer.$post({ param: path({ number: number.trim() }), json: answer }));

/** The portal's estimate texts (decision 127). */
export const portalEstimateMessages = {
  none: 'This work order has no estimate to answer.',
  askCode:
    'To answer here, we email a one-time code to the address you typed. Your answers and signature count once the code is checked.',
  code: 'Please type the six-digit code we emailed you.',
  unanswered:
    'Please answer each recommended line (approve, decline or later) and pick one option of each group.',
  terms: 'Please read and accept the terms.',
  name: 'Please type your full name.',
  signature: 'Please sign: your signature approves the work you chose.',
  done: 'Thank you: your answers and signature are recorded. We have emailed you a confirmation.',
} as const;
