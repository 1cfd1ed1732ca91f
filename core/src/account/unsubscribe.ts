import * as z from 'zod';
import { LinkToken } from '../auth/link-token';
import { linkTexts } from '../auth/link-texts';
import { op } from '../db/entity';
import { VisibleError } from '../error';
import { entity as accounts } from '../user/store';
import { fn } from '../util/fn';

/**
 * The one unsubscribe of a kind of mail (RFC 8058 one-click; issues 21 and 33): the link's token,
 * a view link of its flow row that is never used up, sets the account's `…OffAt` once; a second
 * POST answers the same. Each kind is a flow row and an account field; the verb is this one.
 */
export function unsubscribeVerb(
  flow: 'unsubscribe-review-requests' | 'unsubscribe-recommended-work',
  field: 'reviewRequestsOffAt' | 'recommendedFollowUpsOffAt',
  done: string,
) {
  return fn(z.string(), async (token: string): Promise<{ msg: string }> => {
    const found = await LinkToken.view(flow, token);
    if (!found.ok) LinkToken.refuse(found.reason, flow);
    const now = new Date().toISOString();
    const updated = await accounts.patch(
      { id: found.record.subjectId },
      { set: { [field]: op.ifAbsent(now) }, when: (c) => c.itemExists() },
    );
    if (!updated) throw new VisibleError('not_found', linkTexts.unsubscribe.invalid);
    return { msg: done };
  });
}
