import { expect } from 'vitest';
import type { WorkOrderReply } from '../functions/src/api/workorders';
import { send } from './booking-factories';
import { json } from './factories';
import { pngImage } from './images';
import { createWorkOrder, postPhoto } from './workorder-factories';

/**
 * Estimates approved line by line (issue 33, decisions 125, 127): a work order with an inspection
 * finding and a photo, priced into four proposed lines (one option group), and the customer's
 * answer's body, for the API tests of the link, the phone and the portal. `who` gives the admin who
 * writes them and the camera photo, once the test's `beforeAll` has made them.
 */
export function estimateFixtures(
  who: () => { admin: { headers: Record<string, string> }; camera: Uint8Array },
) {
  const asAdmin = (path: string, method = 'GET', body?: unknown) =>
    send(method, path, who().admin.headers, body);

  /** A work order with an inspection (brakes need attention) and a photo of the brakes; `relatedBooking` when given. */
  async function inspected(overrides: Record<string, unknown> = {}) {
    const wo = await createWorkOrder(who().admin, overrides);
    const inspection = {
      items: [
        { category: 'brakes', condition: 'attention', note: 'Front pads at 2 mm.' },
        { category: 'lights', condition: 'good' },
      ],
    };
    expect((await asAdmin(`/api/workOrders/${wo._id}/inspection`, 'PUT', inspection)).status).toBe(200);
    expect((await postPhoto(wo._id, who().admin.headers, who().camera, undefined, 'brakes')).status).toBe(
      201,
    );
    return wo;
  }

  async function addLine(id: string, body: Record<string, unknown>, by = who().admin) {
    const response = await send('POST', `/api/workOrders/${id}/estimate/lines`, by.headers, body);
    expect(response.status, await response.clone().text()).toBe(201);
    return json<WorkOrderReply>(response);
  }

  /** Brakes (a finding, $140), two options of "Brake pads" ($100, $150) and a cabin filter ($30). */
  async function estimate(overrides: Record<string, unknown> = {}) {
    const wo = await inspected(overrides);
    const found = await asAdmin(`/api/workOrders/${wo._id}/estimate/findings`, 'POST', {
      category: 'brakes',
    });
    expect(found.status, await found.clone().text()).toBe(201);
    const brakes = (await json<WorkOrderReply>(found)).estimate.lines[0];
    const priced = await asAdmin(`/api/workOrders/${wo._id}/estimate/lines/${brakes?.id}`, 'PUT', {
      description: 'Brake service',
      note: brakes?.note,
      photoIds: brakes?.photoIds,
      hours: 1,
      hourlyRate: 80,
      parts: [{ description: 'Hardware kit', quantity: 1, unitPrice: 60 }],
    });
    expect(priced.status, await priced.clone().text()).toBe(200);
    const pads = { group: 'Brake pads', hours: 0 };
    await addLine(wo._id, {
      ...pads,
      description: 'OEM pads',
      parts: [{ description: 'OEM', quantity: 1, unitPrice: 100 }],
    });
    await addLine(wo._id, {
      ...pads,
      description: 'Ceramic pads',
      parts: [{ description: 'Ceramic', quantity: 2, unitPrice: 75 }],
    });
    const full = await addLine(wo._id, {
      description: 'Cabin filter',
      hours: 0,
      parts: [{ description: 'Filter', quantity: 1, unitPrice: 30 }],
    });
    const [service, oem, ceramic, filter] = full.estimate.lines;
    if (!service || !oem || !ceramic || !filter) throw new Error('The estimate has four lines.');
    return { wo, service, oem, ceramic, filter, lines: full.estimate.lines };
  }

  return { inspected, addLine, estimate };
}

/** A drawn signature as the pad sends it. */
export const signature = () =>
  `data:image/png;base64,${Buffer.from(pngImage(500, 200, [0, 0, 0])).toString('base64')}`;

/** The customer's answer's body: their name and email, a signature, the terms, each line's decision. */
export const answer = (
  wo: { customer: { name: string; email: string } },
  decisions: [string, string][],
  extra = {},
) => ({
  acknowledgedBy: { name: wo.customer.name, email: wo.customer.email },
  signature: signature(),
  userAgent: 'vitest',
  termsAccepted: true,
  decisions: decisions.map(([lineId, decision]) => ({ lineId, decision })),
  ...extra,
});
