import { toCents, toDollars } from '@app/core/money';
import { PaymentLink } from '@app/core/payment-link/index';
import { moneyMessages } from '@app/core/rules/fields';
import { dollars } from '@app/core/rules/schema';
import { WorkOrder } from '@app/core/workorder/index';
import { zValidator } from '@hono/zod-validator';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as z from 'zod';
import { Inspection } from '@app/core/workorder/inspection/index';
import { IMAGE_MAX_BYTES } from '@app/core/storage/rules';
import { assertStaff } from '@app/core/actor';
import { requireAdmin, requireStaff, requireUser } from './auth';
import { photoResponse, readImageForm, text, uploadLimit } from './uploads';
import { renderPdf } from './workorder-pdf';
import { hourlyRate, invalid, isObject, lineInCents, unitPrice } from './workorder-money';
import { workOrderEstimates } from './workorder-estimates';
import { workOrderPortal } from './workorder-portal';
import { acknowledgmentReply, workOrderReply } from './workorder-reply';

export { workOrderReply, type WorkOrderReply } from './workorder-reply';

/**
 * /api/workOrders (doc 2 §7, §8; issue 13). Paths match without regard to
 * case (./paths.ts), so /api/workorders is the same router. Admin only,
 * except the portal (public, rate limited) and the acknowledgment link (by
 * token). Every rule is core's (core/src/workorder); this turns the
 * spec's dollars into cents on the way in and cents into dollars on the way
 * out (decision 064). 4xx replies carry `message` beside `msg` (the spec's
 * clients read `message` here): `withMessage`, this router's own middleware
 * (decision 112), not the domain's errors. `/defaults`, `/public/...` and
 * `/acknowledge/...` are declared before `/:id`. The inspection and its
 * photos (decision 080) are the shop's staff's: an admin or the job's
 * technician (core decides), served privately.
 *
 * The PDF renderer (pdf-lib) is loaded on first use (./workorder-pdf.ts), so
 * it is a chunk of its own and no cold start of the API parses it.
 */

/**
 * Every 4xx this router answers carries `message` beside `msg`, the same
 * text (decision 064: the spec's clients read `message` here). Added here,
 * at the edge, so core's errors stay the house's one shape (decision 112).
 */
const withMessage = createMiddleware(async (c, next) => {
  await next();
  const { status } = c.res;
  if (status < 400 || status >= 500 || !c.res.headers.get('content-type')?.includes('application/json'))
    return;
  const body: unknown = await c.res.clone().json();
  if (!isObject(body) || typeof body.msg !== 'string' || 'message' in body) return;
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  c.res = new Response(JSON.stringify({ msg: body.msg, message: body.msg, ...body }), { status, headers });
});

const byId = zValidator('param', z.object({ id: z.string() }), invalid);
const byToken = zValidator('param', z.object({ token: z.string() }), invalid);

const totalApproved = 'The total approved is required.';
const totalInvalid = moneyMessages.invalid('The total approved', 10_000_000_00);

/** The admin's price approval: the total they saw, in dollars (decision 091). */
const ApproveBody = z
  .object(
    {
      total: dollars('The total approved', 10_000_000_00, {
        wording: {
          notNumber: totalApproved,
          negative: totalInvalid,
          tooMuch: totalInvalid,
          notCents: totalInvalid,
        },
      }),
    },
    { error: totalApproved },
  )
  .transform(({ total }) => ({ totalCents: toCents(total) }));

type Line<T, Cents extends string, Dollars extends string> = Omit<T, Cents> & {
  [K in Dollars]?: number | string | null;
};
type FormBody = Omit<WorkOrder.Body, 'laborItems' | 'partItems'> & {
  laborItems?:
    Line<NonNullable<WorkOrder.Body['laborItems']>[number], 'hourlyRateCents', 'hourlyRate'>[] | null;
  partItems?: Line<NonNullable<WorkOrder.Body['partItems']>[number], 'unitPriceCents', 'unitPrice'>[] | null;
};

/**
 * The work-order form as the spec's clients send it (doc 2 §7: dollars), as
 * core takes it (cents, decision 064). Only the money is checked here (the
 * first refused price answers, before any other field); every other field,
 * and any shape core refuses, is core's to check (`WorkOrder.create`/`update`).
 */
const formInCents = <Body>() =>
  z
    .custom<Body>(() => true)
    .transform((body: unknown, ctx) => {
      if (!isObject(body)) return body as WorkOrder.Body;
      const { laborItems, partItems } = body;
      const labor = Array.isArray(laborItems)
        ? laborItems.map((item) => lineInCents(item, hourlyRate, ctx))
        : [];
      const parts = Array.isArray(partItems)
        ? partItems.map((item) => lineInCents(item, unitPrice, ctx))
        : [];
      return {
        ...body,
        ...(Array.isArray(laborItems) ? { laborItems: labor } : {}),
        ...(Array.isArray(partItems) ? { partItems: parts } : {}),
      } as WorkOrder.Body;
    });
const CreateBody = zValidator('json', formInCents<FormBody>(), invalid);
/** `PUT /:id`: the form, or exactly `{ status }` (the list's status change). */
const UpdateBody = zValidator(
  'json',
  formInCents<FormBody | { status: WorkOrder.Info['status'] }>(),
  invalid,
);

async function pdfResponse(c: Context, parts: WorkOrder.PdfParts): Promise<Response> {
  const bytes = await renderPdf(parts);
  return c.body(bytes.slice().buffer as ArrayBuffer, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="WorkOrder-${parts.workOrder.workOrderNumber}.pdf"`,
    'Content-Length': String(bytes.byteLength),
  });
}

const byPhoto = zValidator('param', z.object({ id: z.string(), photoId: z.string() }), invalid);
const photoSize = zValidator('query', z.object({ size: z.string().max(10).optional() }), invalid);
const sizeOf = (size: string | undefined) => (size === 'small' ? 'small' : 'full');

export const workOrders = new Hono()
  .use(withMessage)
  .get('/defaults', requireStaff, (c) => {
    const { hourlyRateCents, taxRate } = WorkOrder.defaults();
    return c.json({ hourlyRate: toDollars(hourlyRateCents), taxRate });
  })
  .get(
    '/public/:number/pdf',
    zValidator('param', z.object({ number: z.string().max(100) }), invalid),
    zValidator('query', z.object({ email: z.string().max(1000).optional() }), invalid),
    async (c) =>
      pdfResponse(
        c,
        await WorkOrder.forPortal(c.req.valid('param').number, c.req.valid('query').email ?? ''),
      ),
  )
  .get(
    '/public/:number/inspection',
    zValidator('param', z.object({ number: z.string().max(100) }), invalid),
    zValidator('query', z.object({ email: z.string().max(1000).optional() }), invalid),
    async (c) =>
      c.json(
        await Inspection.inspectionForPortal(c.req.valid('param').number, c.req.valid('query').email ?? ''),
      ),
  )
  .get(
    '/public/:number/photos/:photoId',
    zValidator('param', z.object({ number: z.string().max(100), photoId: z.string().max(100) }), invalid),
    zValidator(
      'query',
      z.object({ email: z.string().max(1000).optional(), size: z.string().max(10).optional() }),
      invalid,
    ),
    async (c) => {
      const { number, photoId } = c.req.valid('param');
      const { email, size } = c.req.valid('query');
      return photoResponse(c, await Inspection.photoForPortal(number, email ?? '', photoId, sizeOf(size)));
    },
  )
  // The estimate in the portal (issue 33, decision 127): read by number and email, answered with a mailed code.
  .route('/', workOrderPortal)
  .get(
    '/acknowledge/:token/photos/:photoId',
    zValidator('param', z.object({ token: z.string(), photoId: z.string().max(100) }), invalid),
    photoSize,
    async (c) => {
      const { token, photoId } = c.req.valid('param');
      return photoResponse(
        c,
        await Inspection.photoForLink(token, photoId, sizeOf(c.req.valid('query').size)),
      );
    },
  )
  .get('/acknowledge/:token', byToken, async (c) =>
    c.json(acknowledgmentReply(await WorkOrder.forAcknowledgment(c.req.valid('param').token))),
  )
  .post('/acknowledge/:token', byToken, zValidator('json', WorkOrder.AcknowledgeInput, invalid), async (c) =>
    c.json(await WorkOrder.acknowledge(c.req.valid('param').token, c.req.valid('json'))),
  )
  .get('/', requireAdmin, async (c) => {
    const { workOrders: list, total, hasMore, cursor } = await WorkOrder.list(c.req.query());
    return c.json({ workOrders: list.map(workOrderReply), total, hasMore, cursor });
  })
  .post('/', requireStaff, CreateBody, async (c) =>
    c.json(workOrderReply(await WorkOrder.create(c.req.valid('json'))), 201),
  )
  .get('/:id', requireStaff, byId, async (c) =>
    c.json(workOrderReply(await WorkOrder.get(c.req.valid('param').id))),
  )
  .put('/:id', requireStaff, byId, UpdateBody, async (c) =>
    c.json(workOrderReply(await WorkOrder.update(c.req.valid('param').id, c.req.valid('json')))),
  )
  .delete('/:id', requireAdmin, byId, async (c) => c.json(await WorkOrder.remove(c.req.valid('param').id)))
  .get('/:id/pdf', requireAdmin, byId, async (c) =>
    pdfResponse(c, await WorkOrder.forPdf(c.req.valid('param').id)),
  )
  .post('/:id/send-email', requireAdmin, byId, async (c) => {
    const { message, workOrder } = await WorkOrder.sendEmail(c.req.valid('param').id, renderPdf);
    return c.json({ message, workOrder: workOrderReply(workOrder) });
  })
  .post('/:id/payment-link', requireAdmin, byId, async (c) => {
    const workOrder = await PaymentLink.sendForWorkOrder(c.req.valid('param').id);
    return c.json({ message: PaymentLink.sendMessages.sent, workOrder: workOrderReply(workOrder) });
  })
  // What the customer reads on the technician's phone before signing (issue 30): the acknowledgment page's reply.
  .get('/:id/for-signing', requireStaff, byId, async (c) =>
    c.json(acknowledgmentReply(await WorkOrder.forSigning(c.req.valid('param').id))),
  )
  // The customer signs on the technician's phone (issue 22): the same acknowledgment, recorded as in person.
  .post(
    '/:id/acknowledge-in-person',
    requireStaff,
    byId,
    zValidator('json', WorkOrder.InPersonInput, invalid),
    async (c) => {
      const { message, workOrder } = await WorkOrder.acknowledgeInPerson(
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json({ message, workOrder: workOrderReply(workOrder) });
    },
  )
  // A technician alone cannot charge any amount (issue 30, decision 091): the customer's one-time code ...
  .post('/:id/price-code', requireStaff, byId, async (c) => {
    const { message, workOrder } = await WorkOrder.sendPriceCode(c.req.valid('param').id);
    return c.json({ message, msg: message, workOrder: workOrderReply(workOrder) });
  })
  // ... or the admin's approval of the total they saw (`{ total }` in dollars; 409 when it changed since).
  .post('/:id/approve-price', requireAdmin, byId, zValidator('json', ApproveBody, invalid), async (c) => {
    const workOrder = await WorkOrder.approvePrice(c.req.valid('param').id, c.req.valid('json'));
    return c.json({ message: WorkOrder.priceMessages.approved, workOrder: workOrderReply(workOrder) });
  })
  .put(
    '/:id/inspection',
    requireUser,
    byId,
    zValidator('json', Inspection.InspectionInput, invalid),
    async (c) =>
      c.json(workOrderReply(await Inspection.setInspection(c.req.valid('param').id, c.req.valid('json')))),
  )
  .post('/:id/photos', requireUser, byId, uploadLimit(Inspection.messages.photoTooLarge), async (c) => {
    // Only the shop's staff get as far as reading a body (core checks the job's technician too).
    assertStaff();
    const { fields, image } = await readImageForm(c, 'photo', {
      maxBytes: IMAGE_MAX_BYTES,
      tooLarge: Inspection.messages.photoTooLarge,
      notMultipart: Inspection.messages.notMultipart,
    });
    if (!image) WorkOrder.fail('invalid', Inspection.messages.photoMissing);
    // The inspection item it shows (field "category", decision 129); none: a general photo.
    const category = text(fields.category) || undefined;
    return c.json(workOrderReply(await Inspection.addPhoto(c.req.valid('param').id, image, category)), 201);
  })
  .get('/:id/photos/:photoId', requireUser, byPhoto, photoSize, async (c) => {
    const { id, photoId } = c.req.valid('param');
    return photoResponse(c, await Inspection.photoForStaff(id, photoId, sizeOf(c.req.valid('query').size)));
  })
  .delete('/:id/photos/:photoId', requireUser, byPhoto, async (c) => {
    const { id, photoId } = c.req.valid('param');
    return c.json(workOrderReply(await Inspection.removePhoto(id, photoId)));
  })
  // Estimates approved line by line (issue 33, decision 125).
  .route('/', workOrderEstimates)
  .post('/:id/generate-acknowledgment', requireAdmin, byId, async (c) => {
    const { tokenExpiresAt, message, workOrder } = await WorkOrder.generateAcknowledgment(
      c.req.valid('param').id,
    );
    return c.json({ tokenExpiresAt, message, workOrder: workOrderReply(workOrder) });
  });
