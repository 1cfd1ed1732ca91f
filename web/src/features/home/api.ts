import { api, unwrap } from '../../lib/api';

/** The help form (doc 1 §3): every field but carTrim is required. */
export type ServiceRequest = {
  name: string;
  email: string;
  generalIssue: string;
  detailedDescription: string;
  carMake: string;
  carModel: string;
  carTrim: string;
  vin: string;
};

/** Stores the request and mails it to the business. An empty trim is left out. */
export async function sendServiceRequest(request: ServiceRequest) {
  const { carTrim, ...required } = request;
  return unwrap(api.api['service-request'].$post({ json: carTrim ? { ...required, carTrim } : required }));
}
