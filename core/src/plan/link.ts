import * as z from 'zod';
import { linkTexts } from '../auth/link-texts';
import { LinkToken } from '../auth/link-token';
import type { StatusChangeBy } from '../booking/rules';
import { transactWrite } from '../db/entity';
import { Garage } from '../garage/index';
import { Outbox } from '../mail/outbox';
import { User } from '../user/index';
import { fn } from '../util/fn';
import { SkipInput } from './input';
import { newLinkMail, preparePlanLink } from './mail';
import { type ByLink, cancelEnrolment, pauseEnrolment, resumeEnrolment, skipVisit } from './manage';
import { type Enrolment, enrolment } from './store';
import { type EnrolmentView, viewOf } from './view';

/**
 * A plan managed by link (issue 35, decisions 133, 134): the "Manage your plan" link of every plan
 * mail (`manage-plan`) shows the plan and offers the same four actions as Account Settings, each
 * through the same function as the signed-in route (manage.ts), acting as the plan's customer.
 * Viewing does not use the link; each action uses it in the action's own transaction (with the
 * plan's revision-guarded write), which stores the next link: the reply hands it to the page, the
 * action's mail carries it. Of several actions at once on one link one wins, the others get 409
 * (`raced`); a used link's page shows the plan read-only and can ask for a new link by mail; a
 * cancelled plan's link refuses any action (`settled`).
 */

const FLOW = 'manage-plan';

/** The link's subject, `<userId>#<enrolmentId>` (`enrolmentRef`). */
async function load(ref: string): Promise<Enrolment | undefined> {
  const [userId, id, rest] = ref.split('#');
  if (!userId || !id || rest !== undefined) return undefined;
  return enrolment.get({ userId, id }, { consistent: true });
}

const settled = (e: Enrolment): LinkToken.Refusal | null => (e.state === 'cancelled' ? 'settled' : null);

/** The plan's page: the customer's view of it, its vehicle in words (the page has no garage to read), and whether the link is used. */
export type PlanLinkView = EnrolmentView & { vehicle: string; used: boolean };

/**
 * `GET /api/plans/link/{token}`: the plan, its vehicle, next visits and state; a used link shows
 * it read-only (`used`); 404/400 for an unknown or expired link. Reads only.
 */
export const viewPlanLink = fn(z.string(), async (token): Promise<PlanLinkView> => {
  const { subject: e, record } = await LinkToken.view(FLOW, token, { subject: { load }, accept: ['used'] });
  const car = await Garage.findOf(e.userId, e.vehicleId).catch(() => undefined);
  return {
    ...(await viewOf(e)),
    vehicle: car ? `${car.year} ${car.make} ${car.model}` : '',
    used: record.usedAt !== undefined,
  };
});

/**
 * `POST /api/plans/link/{token}/resend`: a new link mailed to the plan's customer's own address
 * (never one given here), asked for by any known link, used or expired too; 404 unknown, 409 for a
 * cancelled plan. The link and its mail in one transaction; rate limited with the booking links.
 */
export const resendPlanLink = fn(z.string(), async (token): Promise<{ msg: string }> => {
  const view = { subject: { load, check: settled }, accept: ['used', 'expired'] } as const;
  const { subject: e } = await LinkToken.view(FLOW, token, view);
  const account = await User.find(e.userId);
  if (!account) LinkToken.refuse('invalid', FLOW);
  const next = preparePlanLink(e);
  const mail = Outbox.prepare(await newLinkMail(account.email, e, next.token));
  await transactWrite([next.item, mail.item]);
  await Outbox.deliver(mail);
  return { msg: linkTexts.plan.resent };
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

/**
 * `POST /api/plans/link/{token}/{skip|pause|resume|cancel}`: the signed-in route's change, by the
 * link, which it uses: the link's use, the change and the next link in one transaction. The plan as
 * changed and the next link's token (the page goes on with it). A used link: 400 (`used`); one used
 * by another request since this one began: 409 (`raced`); nothing changed either way.
 */
export const actByLink = fn(
  z.tuple([z.string(), PlanLinkAction]),
  async (token, action): Promise<{ enrolment: Enrolment; token: string }> => {
    const began = new Date();
    const { subject: e } = await LinkToken.view(FLOW, token, {
      subject: { load, check: settled },
      racedSince: began,
    });
    const by = await customerBy(e);
    const next = preparePlanLink(e);
    const via: ByLink = {
      token: next.token,
      commit: async (items) => {
        const used = await LinkToken.use(FLOW, token, [...items, next.item]);
        // The link was usable when read above: used since by a request at the same moment, which won.
        if (!used.ok) LinkToken.refuse(used.reason === 'used' ? 'raced' : used.reason, FLOW);
      },
    };
    return { enrolment: await act(e, action, by, via), token: next.token };
  },
);

function act(e: Enrolment, action: z.output<typeof PlanLinkAction>, by: StatusChangeBy, via: ByLink) {
  switch (action.kind) {
    case 'skip':
      return skipVisit(e, { date: action.date, acceptLateFee: action.acceptLateFee }, by, via);
    case 'pause':
      return pauseEnrolment(e, { to: 'paused', by, via });
    case 'resume':
      return resumeEnrolment(e, via);
    case 'cancel':
      return cancelEnrolment(e, by, via);
  }
}
