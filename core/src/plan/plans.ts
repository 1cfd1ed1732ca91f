import * as z from 'zod';
import { assertAdmin } from '../actor';
import { onConflict, transactWrite } from '../db/entity';
import { putIfUnchanged } from '../db/revision';
import { VisibleError } from '../error';
import { Service } from '../service/index';
import { callerFirst, fn } from '../util/fn';
import { createId } from '../util/id';
import { PlanInput } from './input';
import { MAX_PLANS, plan, type Plan, planId } from './store';

/** The admin's plans (issue 35, decision 131): define, change, withdraw; the customers see the offered ones. */

export const planMessages = {
  notFound: 'Plan not found.',
  tooMany: `A shop may define at most ${MAX_PLANS} plans. Withdraw or change one instead.`,
  withdrawn: 'This plan is no longer offered.',
  unknownService: 'Choose one of the services in the catalogue.',
} as const;

const adminFirst = callerFirst(assertAdmin);

type Parsed = z.output<typeof PlanInput>;

function recordOf(input: Parsed, id: string, createdAt: string, now: string): Plan {
  const price =
    input.priceKind === 'monthly'
      ? ({ kind: 'monthly', monthlyCents: input.priceCents } as const)
      : ({ kind: 'per-visit', visitCents: input.priceCents } as const);
  return {
    id,
    name: input.name,
    description: input.description,
    serviceId: input.serviceId,
    recurrence: input.recurrence,
    price,
    discountPercent: input.discountPercent,
    terms: {
      autoRenew: input.autoRenew,
      minimumMonths: input.minimumMonths,
      cancellation: input.cancellation,
    },
    active: input.active,
    createdAt,
    updatedAt: now,
  };
}

async function knownService(serviceId: string): Promise<void> {
  const found = await Service.fromId(serviceId).catch(() => undefined);
  if (!found) throw new VisibleError('invalid', planMessages.unknownService);
}

/** Every plan, oldest first (a small collection by construction). */
export async function allPlans(): Promise<Plan[]> {
  return plan.readSmallCollection(plan.where('all', {}));
}

/** `POST /api/plans` (admin): a new plan. */
export const createPlan = fn(
  PlanInput,
  async (input): Promise<Plan> => {
    assertAdmin();
    await knownService(input.serviceId);
    if ((await allPlans()).length >= MAX_PLANS) throw new VisibleError('conflict', planMessages.tooMany);
    const now = new Date().toISOString();
    const record = recordOf(input, createId('plan'), now, now);
    await plan.createIfAbsent(record);
    return record;
  },
  adminFirst,
);

/** `PUT /api/plans/{id}` (admin): the plan changed; enrolments keep the terms they agreed to. */
export const updatePlan = fn(
  z.tuple([planId, PlanInput]),
  async (id, input): Promise<Plan> => {
    assertAdmin();
    const found = await planOf(id);
    await knownService(input.serviceId);
    const record = recordOf(input, id, found.createdAt, new Date().toISOString());
    await onConflict('The plan changed meanwhile. Please reload and try again.', () =>
      transactWrite([putIfUnchanged(plan, record, found)]),
    );
    return { ...record, rev: (found.rev ?? 0) + 1 };
  },
  adminFirst,
);

/** `GET /api/plans` (admin): every plan; anyone else: the offered ones. */
export async function listPlans(admin: boolean): Promise<Plan[]> {
  const all = await allPlans();
  return admin ? all : all.filter((p) => p.active);
}

/** A plan by id; 404 for none. */
export async function planOf(id: string): Promise<Plan> {
  const found = planId.safeParse(id).success ? await plan.get({ id }, { consistent: true }) : undefined;
  if (!found) throw new VisibleError('not_found', planMessages.notFound);
  return found;
}
