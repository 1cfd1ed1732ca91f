import { linkTexts } from '../auth/link-texts';
import { standingLinkVerb } from '../auth/standing-link';
import { settle } from '../db/due-queue';
import { dueQueue, vehicleDue } from '../garage/due';

export const notNowMessages = {
  done: 'Done: we will not remind you of this service for this vehicle again. Book whenever you are ready.',
  invalid: linkTexts.unsubscribe.invalid,
} as const;

/**
 * `POST /api/unsubscribe/{token}?list=not-now` (anyone with the notice's
 * link): the customer's "not now" closes that due item, if it is still the
 * one the notice was about (a later completion of the service starts a new
 * one, which this link does not close). Never used up: a second POST
 * answers the same.
 */
export const notNow = standingLinkVerb('due-not-now', notNowMessages.done, async (record) => {
  const id = record.subjectId;
  const item = await vehicleDue.get(dueQueue.keyOf(id), { consistent: true });
  // Only the item this link was sent for (written before the link was made), while still open.
  if (item?.state === 'open' && item.completedAt <= record.createdAt) {
    const now = new Date().toISOString();
    await settle(dueQueue, id, {
      set: { state: 'closed', closedAt: now, closedBy: 'not-now' },
      remove: ['nextAt'],
      when: { state: 'open', completedAt: item.completedAt },
    });
  }
});
