import { Estimate } from '@app/core/workorder/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireStaff } from './auth';
import { hourlyRate, invalid, isObject, lineInCents, unitPrice } from './workorder-money';
import { workOrderReply } from './workorder-reply';

/**
 * The estimate's routes (issue 33, decision 125), under /api/workOrders (mounted by ./workorders.ts,
 * whose `withMessage` adds `message` to every 4xx). Staff only (an admin or the job's technician:
 * core decides); the customer answers through the acknowledgment link and the in-person signing.
 * A line's labour rate and parts' unit prices come in the spec's dollars and go to core in cents.
 */

type LineBody = Omit<Estimate.LineBody, 'hourlyRateCents' | 'parts'> & {
  hourlyRate?: number | string | null;
  parts?:
    | (Omit<NonNullable<Estimate.LineBody['parts']>[number], 'unitPriceCents'> & {
        unitPrice?: number | string | null;
      })[]
    | null;
};

const LineBodyInCents = z
  .custom<LineBody>(() => true)
  .transform((body: unknown, ctx) => {
    if (!isObject(body)) return body as Estimate.LineBody;
    const labor = lineInCents(body, hourlyRate, ctx);
    const parts = Array.isArray(body.parts)
      ? body.parts.map((p) => lineInCents(p, unitPrice, ctx))
      : body.parts;
    return { ...(isObject(labor) ? labor : {}), parts } as Estimate.LineBody;
  });

const byId = zValidator('param', z.object({ id: z.string() }), invalid);
const byLine = zValidator('param', z.object({ id: z.string(), lineId: z.string() }), invalid);
const lineBody = zValidator('json', LineBodyInCents, invalid);
const phoneBody = zValidator('json', Estimate.PhoneApprovalInput, invalid);

export const workOrderEstimates = new Hono()
  // One tap: an inspection finding becomes a proposed line, with its note and photos.
  .post(
    '/:id/estimate/findings',
    requireStaff,
    byId,
    zValidator('json', Estimate.FindingInput, invalid),
    async (c) =>
      c.json(
        workOrderReply(await Estimate.proposeFinding(c.req.valid('param').id, c.req.valid('json'))),
        201,
      ),
  )
  .post('/:id/estimate/lines', requireStaff, byId, lineBody, async (c) =>
    c.json(workOrderReply(await Estimate.addLine(c.req.valid('param').id, c.req.valid('json'))), 201),
  )
  .put('/:id/estimate/lines/:lineId', requireStaff, byLine, lineBody, async (c) => {
    const { id, lineId } = c.req.valid('param');
    return c.json(workOrderReply(await Estimate.updateLine(id, lineId, c.req.valid('json'))));
  })
  .delete('/:id/estimate/lines/:lineId', requireStaff, byLine, async (c) => {
    const { id, lineId } = c.req.valid('param');
    return c.json(workOrderReply(await Estimate.removeLine(id, lineId)));
  })
  // A call staff recorded: the customer's answers, when, the number called, who answered.
  .post('/:id/estimate/phone-approval', requireStaff, byId, phoneBody, async (c) => {
    const answered = await Estimate.recordPhoneApproval(c.req.valid('param').id, c.req.valid('json'));
    return c.json({ message: answered.message, workOrder: workOrderReply(answered.workOrder) });
  });
