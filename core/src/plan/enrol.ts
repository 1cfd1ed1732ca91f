import { useUser } from '../actor';
import { SavedAddress } from '../address/index';
import { bookingMessages } from '../booking/rules';
import { VisibleError } from '../error';
import { Garage } from '../garage/index';
import { Outbox } from '../mail/outbox';
import * as time from '../time';
import { User } from '../user/index';
import { callerFirst, fn } from '../util/fn';
import { createId } from '../util/id';
import { firstPeriodItems } from './billing-hooks';
import { planCounterItems, type Standing } from './counters';
import { EnrolInput } from './input';
import { enrolledMail } from './mail';
import { placeAndWrite, placeVisit } from './place';
import { planMessages, planOf } from './plans';
import { firstVisit, nextVisits } from './recurrence';
import { type Enrolment, enrolment } from './store';

/** Enrolling (issue 35, decision 131): a customer's garage vehicle, at a saved address, on an offered plan. */

export const enrolMessages = {
  customersOnly: 'Plans are for customers: sign in with a customer account.',
  noOccurrence: 'The plan has no visit on or after that date. Please choose another date.',
  pastDate: 'The first visit cannot be in the past.',
  alreadyEnrolled: 'This vehicle is already on this plan.',
  notFound: 'Enrolment not found.',
} as const;

/** The customer making the request (a signed-in customer account; staff enrol nobody here). */
export function customerId(): string {
  const me = useUser();
  if (me.role !== 'user') throw new VisibleError('forbidden', enrolMessages.customersOnly);
  return me.userId;
}

/** The standing an enrolment counts as (counters.ts): its state and its monthly fee. */
export const standingOf = (e: Pick<Enrolment, 'state' | 'agreed'>): Standing => ({
  state: e.state,
  monthlyCents: e.agreed.price.kind === 'monthly' ? e.agreed.price.monthlyCents : 0,
});

/**
 * `POST /api/plans/enrolments`: enrols the customer's vehicle. 403 without a card on file (the
 * booking's message); 404 for a vehicle or address not theirs, or a plan withdrawn; 409 when the
 * first visit's time cannot be placed (the booking's message: taken, or the crew full), with
 * nothing written. One transaction: the first visit's claim, the enrolment (active), its counters,
 * its first period (billing's hook) and the mail of what was agreed; then each further visit within
 * the horizon, each claimed on its own.
 */
export const enrol = fn(
  EnrolInput,
  async (input): Promise<Enrolment> => {
    const userId = customerId();
    const account = await User.find(userId);
    if (!account) throw new VisibleError('unauthorized', 'Please log in to continue.');
    const plan = await planOf(input.planId);
    if (!plan.active) throw new VisibleError('not_found', planMessages.withdrawn);
    if (!account.hasCardOnFile) throw new VisibleError('forbidden', bookingMessages.cardRequired);
    const vehicle = await Garage.findOf(userId, input.vehicleId);
    await SavedAddress.findOf(userId, input.addressId);
    if (input.firstDate < time.today()) throw new VisibleError('invalid', enrolMessages.pastDate);
    const start = firstVisit(plan.recurrence, input.firstDate);
    if (!start) throw new VisibleError('invalid', enrolMessages.noOccurrence);
    const mine = await enrolment.query.ofCustomer({ userId }, { limit: 100 });
    if (
      mine.items.some((e) => e.planId === plan.id && e.vehicleId === vehicle.id && e.state !== 'cancelled')
    ) {
      throw new VisibleError('conflict', enrolMessages.alreadyEnrolled);
    }
    const now = new Date();
    const at = now.toISOString();
    const {
      id: _planId,
      description: _d,
      active: _a,
      createdAt: _c,
      updatedAt: _u,
      rev: _r,
      ...offer
    } = plan;
    const record: Enrolment = {
      id: createId('enrolment'),
      planId: plan.id,
      userId,
      vehicleId: vehicle.id,
      addressId: input.addressId,
      state: 'active',
      agreed: { ...offer, at, time: input.time },
      startDate: start,
      skipped: [],
      placedThrough: start,
      // The rest is placed by this request next; the job takes over if it stops half-way.
      placeAt: new Date(now.getTime() + 10 * 60_000).toISOString(),
      stateSince: at,
      createdAt: at,
      updatedAt: at,
    };
    const mail = await Outbox.prepareWithFiles(
      await enrolledMail(account.email, record, nextVisits(plan.recurrence, start, start, 3)),
    );
    await placeVisit(account, record, start, {
      items: () => [
        enrolment.tx.put(record, { ifAbsent: true }),
        ...planCounterItems({ state: 'none', monthlyCents: 0 }, standingOf(record), at),
        ...firstPeriodItems(record),
        mail.item,
      ],
    });
    await Outbox.deliver(mail);
    return placeAndWrite(record, now);
  },
  callerFirst(customerId),
);
