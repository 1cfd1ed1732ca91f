import { linkTexts } from '../auth/link-texts';
import { standingLinkVerb } from '../auth/standing-link';
import { op } from '../db/entity';
import { VisibleError } from '../error';
import { entity as accounts } from '../user/store';

/**
 * The one unsubscribe of a kind of mail (issues 21 and 33): the link's token sets the account's
 * `…OffAt` once. Each kind is a flow row and an account field; the verb is this one.
 */
export function unsubscribeVerb(
  flow: 'unsubscribe-review-requests' | 'unsubscribe-recommended-work',
  field: 'reviewRequestsOffAt' | 'recommendedFollowUpsOffAt',
  done: string,
) {
  return standingLinkVerb(flow, done, async ({ subjectId }) => {
    const now = new Date().toISOString();
    const updated = await accounts.patch(
      { id: subjectId },
      { set: { [field]: op.ifAbsent(now) }, when: (c) => c.itemExists() },
    );
    if (!updated) throw new VisibleError('not_found', linkTexts.unsubscribe.invalid);
  });
}
