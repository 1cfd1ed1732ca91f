import * as z from 'zod';
import { unsubscribeVerb } from '../account/unsubscribe';
import { assertAdmin, useActor, useUser } from '../actor';
import { linkTexts } from '../auth/link-texts';
import { type Page, transactWrite, failedConditions } from '../db/entity';
import { VisibleError } from '../error';
import { Garage, RecommendedWork } from '../garage/index';
import { fn } from '../util/fn';
import { sendNow } from './follow-up';

/**
 * The desk's recommended work (issue 33, decision 126): the open lines by customer name, then
 * date, a page at a time from the sparse `RECOMMENDED` partition of `byCollection` (no scan), with
 * their vehicles read by key in one batch; dismissing one closes it in one transaction (the
 * counter with it). A vehicle's open lines for a booking of it, read by key (its `REC#` partition).
 */

/** A desk line: the recommendation and its vehicle as the customer knows it. */
export type DeskLine = Garage.Recommendation & { vehicle: string };

export const RefInput = z.object({
  vehicleId: Garage.vehicleId,
  id: Garage.recommendationId,
});

export const ListInput = z.object({
  limit: z.number().int().min(1).max(100).default(25),
  cursor: z.string().max(1000).optional(),
});

/** Admin: one page of open recommended work, by customer name, then date. */
export const list = fn(ListInput, async ({ limit, cursor }): Promise<Page<DeskLine>> => {
  assertAdmin();
  const page = await Garage.recommendation.query.open({}, { limit, cursor });
  const keys = [...new Map(page.items.map((r) => [`${r.userId}#${r.vehicleId}`, r])).values()];
  const cars = await Garage.vehicle.getMany(keys.map((r) => ({ userId: r.userId, id: r.vehicleId })));
  const named = new Map(cars.map((v) => [v.id, `${v.year} ${v.make} ${v.model}`]));
  return { ...page, items: page.items.map((r) => ({ ...r, vehicle: named.get(r.vehicleId) ?? '' })) };
});

export const dismissMessages = { notOpen: 'This recommended work is no longer open.' } as const;

/** Admin: takes a line off the list (not wanted); 409 when it was closed meanwhile. */
export const dismiss = fn(RefInput, async (ref): Promise<void> => {
  assertAdmin();
  const line = await Garage.recommendation.get(ref, { consistent: true });
  if (!line || line.state !== 'open') throw new VisibleError('conflict', dismissMessages.notOpen);
  try {
    await transactWrite(RecommendedWork.closeItems([line], 'dismissed', new Date().toISOString()));
  } catch (error) {
    if (failedConditions(error) === null) throw error;
    throw new VisibleError('conflict', dismissMessages.notOpen);
  }
});

/**
 * A vehicle's open recommended work, for a booking of it: the shop's staff see any vehicle's, a
 * customer only their own (another's reads as none).
 */
export const ofVehicle = fn(Garage.vehicleId, async (vehicleId): Promise<Garage.Recommendation[]> => {
  const actor = useActor();
  const staff = actor.type === 'user' && (actor.role === 'admin' || actor.role === 'technician');
  const me = staff ? undefined : useUser().userId;
  const open = await RecommendedWork.openOfVehicle(vehicleId);
  return me ? open.filter((r) => r.userId === me) : open;
});

const FOLLOW_UPS_OFF =
  'You will get no more follow-ups on recommended work from us. Your account and bookings are unchanged.';

/**
 * `POST /api/unsubscribe/{token}?list=recommended-work` (anyone with the link; RFC 8058 one-click):
 * turns recommended work's follow-ups off for the account.
 */
export const unsubscribe = unsubscribeVerb(
  'unsubscribe-recommended-work',
  'recommendedFollowUpsOffAt',
  FOLLOW_UPS_OFF,
);
export const unsubscribeMessages = { done: FOLLOW_UPS_OFF, invalid: linkTexts.unsubscribe.invalid } as const;

/** Admin, the desk's "Book it": the customer gets the booking link for the vehicle's open work now (its follow-up). */
export const bookIt = fn(RefInput, async (ref): Promise<void> => {
  assertAdmin();
  await sendNow(ref);
});
