import type { InferRequestType } from 'hono/client';
import { api, unwrap } from '../../lib/api';

/**
 * The help form's fields (doc 1 §3): the body POST /api/service-request
 * accepts, inferred from the typed client, with every field present as text
 * as the form holds it (the optional carTrim is '' when left empty).
 */
type ServiceRequestBody = InferRequestType<(typeof api.api)['service-request']['$post']>['json'];
export type ServiceRequest = { [K in keyof ServiceRequestBody]-?: NonNullable<ServiceRequestBody[K]> };

/** Stores the request and mails it to the business. An empty trim is left out. */
export async function sendServiceRequest(request: ServiceRequest) {
  const { carTrim, ...required } = request;
  return unwrap(api.api['service-request'].$post({ json: carTrim ? { ...required, carTrim } : required }));
}
