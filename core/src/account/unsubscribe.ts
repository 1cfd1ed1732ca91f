import { linkTexts } from '../auth/link-texts';
import { LinkToken } from '../auth/link-token';
import { standingLinkVerb } from '../auth/standing-link';
import { checkItem, Match } from '../db/conditions';
import { op, type TransactItem } from '../db/entity';
import { VisibleError } from '../error';
import { entity as accounts } from '../user/store';

/**
 * The one unsubscribe of a kind of mail (issues 21 and 33): the link's token sets the account's
 * `…OffAt` once. Each kind is a flow row and an account field; the verb is this one.
 */
type Flow = 'unsubscribe-review-requests' | 'unsubscribe-recommended-work';
type OffField = 'reviewRequestsOffAt' | 'recommendedFollowUpsOffAt';

export function unsubscribeVerb(flow: Flow, field: OffField, done: string) {
  return standingLinkVerb(flow, done, async ({ subjectId }) => {
    const now = new Date().toISOString();
    const updated = await accounts.patch(
      { id: subjectId },
      { set: { [field]: op.ifAbsent(now) }, when: (c) => c.itemExists() },
    );
    if (!updated) throw new VisibleError('not_found', linkTexts.unsubscribe.invalid);
  });
}

/**
 * The unsubscribe link of a mail of that kind to `accountId`, for the send's transaction: its token
 * (for the mail) and its items: the account still wants these (`field` absent) as it commits, and
 * the token itself.
 */
export function unsubscribeLink(
  flow: Flow,
  field: OffField,
  accountId: string,
  now: Date,
): { token: string; items: TransactItem[] } {
  const link = LinkToken.prepare(flow, { subjectId: accountId, owner: accounts.key({ id: accountId }), now });
  return {
    token: link.token,
    items: [checkItem(accounts, { id: accountId }, { [field]: Match.absent() }), link.item],
  };
}
