import { toCents, toDollars } from '@app/core/money';
import { Plan } from '@app/core/plan/index';
import { dollars } from '@app/core/rules/schema';
import { calendarDate } from '@app/core/rules/schema';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireAdmin, requireUser } from './auth';
import { invalidInput } from './validation';

/** A plan on the wire (issue 35): its price in dollars, as all money on the wire. */
export type PlanReply = {
  _id: string;
  name: string;
  description: string;
  serviceId: string;
  recurrence: string;
  priceKind: Plan.PriceKind;
  price: number;
  discountPercent: number;
  autoRenew: boolean;
  minimumMonths: number;
  cancellation: string;
  active: boolean;
};

const priceCentsOf = (p: Pick<Plan.Plan, 'price'>) =>
  p.price.kind === 'monthly' ? p.price.monthlyCents : p.price.visitCents;

export const planReply = (p: Plan.Plan): PlanReply => ({
  _id: p.id,
  name: p.name,
  description: p.description,
  serviceId: p.serviceId,
  recurrence: p.recurrence,
  priceKind: p.price.kind,
  price: toDollars(priceCentsOf(p)),
  discountPercent: p.discountPercent,
  autoRenew: p.terms.autoRenew,
  minimumMonths: p.terms.minimumMonths,
  cancellation: p.terms.cancellation,
  active: p.active,
});

/** An enrolment on the wire: the plan as agreed (amounts in dollars, in words too), its next visits, those needing a time. */
export type EnrolmentReply = {
  _id: string;
  planId: string;
  name: string;
  vehicleId: string;
  addressId: string;
  state: Plan.EnrolmentState;
  stateSince: string;
  time: string;
  recurrence: string;
  priceKind: Plan.PriceKind;
  price: number;
  discountPercent: number;
  amounts: string;
  terms: string;
  startDate: string;
  skipped: string[];
  next: Plan.NextVisit[];
  waiting: { date: string; nearest: { date: string; time: string }[] }[];
};

const enrolmentReply = (
  e: Plan.Enrolment,
  view?: Pick<Plan.EnrolmentView, 'next' | 'waiting'>,
): EnrolmentReply => ({
  _id: e.id,
  planId: e.planId,
  name: e.agreed.name,
  vehicleId: e.vehicleId,
  addressId: e.addressId,
  state: e.state,
  stateSince: e.stateSince,
  time: e.agreed.time,
  recurrence: e.agreed.recurrence,
  priceKind: e.agreed.price.kind,
  price: toDollars(priceCentsOf(e.agreed)),
  discountPercent: e.agreed.discountPercent,
  amounts: Plan.amountsOf(e),
  terms: Plan.termsOf(e),
  startDate: e.startDate,
  skipped: e.skipped,
  next: view?.next ?? [],
  waiting: view?.waiting ?? [],
});

/** A change by the plan's link: the plan as changed and the next link's token (decision 134). */
const byLinkReply = (r: { enrolment: Plan.Enrolment; token: string }) => ({
  ...enrolmentReply(r.enrolment),
  token: r.token,
});

const PRICE_MAX = Plan.PLAN_LIMITS.priceCents;
/** The admin's form on the wire: the price in dollars, turned into cents here (the one way money enters). */
const PlanBody = Plan.PlanFields.omit({ priceCents: true })
  .extend({ price: dollars('Price', PRICE_MAX) })
  .transform(({ price, ...rest }) => ({ ...rest, priceCents: toCents(price) }));

const planBody = zValidator('json', PlanBody, invalidInput);
const planParam = zValidator('param', z.object({ id: z.string().max(40) }), invalidInput);
const enrolBody = zValidator('json', Plan.EnrolInput, invalidInput);
const skipBody = zValidator('json', Plan.SkipInput, invalidInput);
const placeBody = zValidator('json', Plan.PlaceInput, invalidInput);
const linkParam = zValidator(
  'param',
  z.object({ token: z.string().max(200, 'This plan link is not valid.') }),
  invalidInput,
);
const linkSkipBody = zValidator('json', Plan.SkipInput, invalidInput);
const previewQuery = zValidator('query', z.object({ from: calendarDate() }).strict(), invalidInput);

/** /api/admin/plans: the admin defines and changes plans (admin-only; checked in core too). */
export const adminPlans = new Hono()
  .get('/', requireAdmin, async (c) => c.json((await Plan.listPlans(true)).map(planReply)))
  .post('/', requireAdmin, planBody, async (c) =>
    c.json(planReply(await Plan.createPlan(c.req.valid('json'))), 201),
  )
  .put('/:id', requireAdmin, planParam, planBody, async (c) =>
    c.json(planReply(await Plan.updatePlan(c.req.valid('param').id, c.req.valid('json')))),
  );

/** /api/plans: the plans offered, a plan's next visits from a date, and the signed-in customer's enrolments. */
export const plans = new Hono()
  .get('/', async (c) => c.json((await Plan.listPlans(false)).map(planReply)))
  .get('/enrolments', requireUser, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json((await Plan.listMine()).map((e) => enrolmentReply(e, e)));
  })
  .post('/enrolments', requireUser, enrolBody, async (c) =>
    c.json(enrolmentReply(await Plan.enrol(c.req.valid('json'))), 201),
  )
  .post('/enrolments/:id/skip', requireUser, planParam, skipBody, async (c) =>
    c.json(enrolmentReply(await Plan.skip(c.req.valid('param').id, c.req.valid('json')))),
  )
  .post('/enrolments/:id/visits', requireUser, planParam, placeBody, async (c) =>
    c.json(enrolmentReply(await Plan.placeWaiting(c.req.valid('param').id, c.req.valid('json')))),
  )
  .post('/enrolments/:id/pause', requireUser, planParam, async (c) =>
    c.json(enrolmentReply(await Plan.pause(c.req.valid('param').id))),
  )
  .post('/enrolments/:id/resume', requireUser, planParam, async (c) =>
    c.json(enrolmentReply(await Plan.resume(c.req.valid('param').id))),
  )
  .post('/enrolments/:id/cancel', requireUser, planParam, async (c) =>
    c.json(enrolmentReply(await Plan.cancel(c.req.valid('param').id))),
  )
  // A plan by its mails' "Manage your plan" link (decisions 133, 134): no sign-in, the token reaches only its
  // plan; each action uses it and replies with the next link's token.
  .get('/link/:token', linkParam, async (c) => {
    c.header('Cache-Control', 'no-store');
    const e = await Plan.viewPlanLink(c.req.valid('param').token);
    return c.json({ ...enrolmentReply(e, e), vehicle: e.vehicle, used: e.used });
  })
  .post('/link/:token/resend', linkParam, async (c) =>
    c.json(await Plan.resendPlanLink(c.req.valid('param').token)),
  )
  .post('/link/:token/skip', linkParam, linkSkipBody, async (c) =>
    c.json(
      byLinkReply(await Plan.actByLink(c.req.valid('param').token, { kind: 'skip', ...c.req.valid('json') })),
    ),
  )
  .post('/link/:token/pause', linkParam, async (c) =>
    c.json(byLinkReply(await Plan.actByLink(c.req.valid('param').token, { kind: 'pause' }))),
  )
  .post('/link/:token/resume', linkParam, async (c) =>
    c.json(byLinkReply(await Plan.actByLink(c.req.valid('param').token, { kind: 'resume' }))),
  )
  .post('/link/:token/cancel', linkParam, async (c) =>
    c.json(byLinkReply(await Plan.actByLink(c.req.valid('param').token, { kind: 'cancel' }))),
  )
  .get('/:id/visits', planParam, previewQuery, async (c) => {
    const plan = await Plan.planOf(c.req.valid('param').id);
    if (!plan.active) return c.json({ msg: Plan.planMessages.withdrawn }, 404);
    const from = c.req.valid('query').from;
    const first = Plan.firstVisit(plan.recurrence, from);
    return c.json({ dates: first ? Plan.nextVisits(plan.recurrence, first, first, 3) : [] });
  });
