import { INVITATION_DAYS } from '../auth/link-flows';
import { LinkToken } from '../auth/link-token';
import type { TransactItem } from '../db/entity';
import { Outbox } from '../mail/outbox';
import { entity as userEntity } from '../user/store';
import { invitationMail, technicianInvitationMail } from './mail';

/**
 * The one invitation of a shop-made account (a customer, issue 11, decision
 * 028; a technician, issue 22): a reset-password link living
 * INVITATION_DAYS, bound to the account's token version, so the reset page
 * sets the first password and proves the address. With its mail (the
 * role's wording) unless `mail: false` (the desk, issue 30: the booking's
 * mail carries the link). The items go in the transaction that makes the
 * account, or assigns it a booking.
 */
export function invite(
  role: 'user' | 'technician',
  account: { id: string; email: string; tokenVersion?: number },
  options: { mail?: boolean } = {},
): { token: string; days: number; items: TransactItem[]; mail?: Outbox.Prepared } {
  const link = LinkToken.prepare('invitation', {
    subjectId: account.id,
    subjectVersion: account.tokenVersion ?? 0,
    owner: userEntity.key({ id: account.id }),
  });
  if (options.mail === false) return { token: link.token, days: INVITATION_DAYS, items: [link.item] };
  const mail = Outbox.prepare(
    (role === 'technician' ? technicianInvitationMail : invitationMail)(
      account.email,
      link.token,
      INVITATION_DAYS,
    ),
  );
  return { token: link.token, days: INVITATION_DAYS, items: [link.item, mail.item], mail };
}
