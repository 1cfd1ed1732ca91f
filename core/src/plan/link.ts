import * as z from 'zod';
import { LinkToken } from '../auth/link-token';
import type { StatusChangeBy } from '../booking/rules';
import { Garage } from '../garage/index';
import { User } from '../user/index';
import { fn } from '../util/fn';
import { SkipInput } from './input';
import { cancelEnrolment, pauseEnrolment, resumeEnrolment, skipVisit } from './manage';
import { type Enrolment, enrolment } from './store';
import { type EnrolmentView, viewOf } from './view';

/**
 * A plan managed by link (issue 35, decision 133): the "Manage your plan" link of every plan mail
 * (`manage-plan`, a view link) shows the plan and offers the same four actions as Account
 * Settings, each through the same function as the signed-in route (manage.ts), acting as the
 * plan's customer. The link is not used up: each action writes on condition of the plan's
 * revision read, so of several at once one wins and the others get 409; a cancelled plan's link
 * refuses any action (`settled`).
 */

const FLOW = 'manage-plan';

/** The link's subject, `<userId>#<enrolmentId>` (`enrolmentRef`). */
async function load(ref: string): Promise<Enrolment | undefined> {
  const [userId, id, rest] = ref.split('#');
  if (!userId || !id || rest !== undefined) return undefined;
  return enrolment.get({ userId, id }, { consistent: true });
}

const settled = (e: Enrolment): LinkToken.Refusal | null => (e.state === 'cancelled' ? 'settled' : null);

/** The plan's page: the customer's view of it, and its vehicle in words (the page has no garage to read). */
export type PlanLinkView = EnrolmentView & { vehicle: string };

/** `GET /api/plans/link/{token}`: the plan, its vehicle, next visits and state (404/400 for an unknown or expired link). */
export const viewPlanLink = fn(z.string(), async (token): Promise<PlanLinkView> => {
  const { subject: e } = await LinkToken.view(FLOW, token, { subject: { load } });
  const car = await Garage.findOf(e.userId, e.vehicleId).catch(() => undefined);
  return { ...(await viewOf(e)), vehicle: car ? `${car.year} ${car.make} ${car.model}` : '' };
});

export const PlanLinkAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('skip'), ...SkipInput.shape }).strict(),
  z.object({ kind: z.enum(['pause', 'resume', 'cancel']) }).strict(),
]);

/** The plan's customer, as the cancels of its visits record who cancelled. */
async function customerBy(e: Enrolment): Promise<StatusChangeBy> {
  const account = await User.find(e.userId);
  return {
    _id: e.userId,
    name: account ? `${account.firstName} ${account.lastName}` : 'customer',
    role: 'customer',
  };
}

/** `POST /api/plans/link/{token}/{skip|pause|resume|cancel}`: the signed-in route's change, by the link. */
export const actByLink = fn(
  z.tuple([z.string(), PlanLinkAction]),
  async (token, action): Promise<Enrolment> => {
    const { subject: e } = await LinkToken.view(FLOW, token, { subject: { load, check: settled } });
    const by = await customerBy(e);
    switch (action.kind) {
      case 'skip':
        return skipVisit(e, { date: action.date, acceptLateFee: action.acceptLateFee }, by);
      case 'pause':
        return pauseEnrolment(e, { to: 'paused', by });
      case 'resume':
        return resumeEnrolment(e);
      case 'cancel':
        return cancelEnrolment(e, by);
    }
  },
);
