import { business } from '../business';
import { absoluteUrl } from '../links';
import { composeMail } from '../mail/compose';
import type { Mail } from '../mail/index';

/**
 * To a technician an admin invited (issue 22): the link sets their first
 * password on the reset-password page, as a shop-made customer's invitation
 * does (account/mail.ts), and proves the address.
 */
export function technicianInvitationMail(to: string, token: string, days: number): Mail.Message {
  return composeMail({ to, subject: `You are invited to ${business.name}'s technician app` }, [
    'Hello,',
    `${business.name} has made a technician account for you with this email address, so that you can see your jobs of the day on your phone. To start using it, choose a password with the link below, then sign in. The link works once and expires in ${days} days.`,
    { href: absoluteUrl(`/reset-password/${token}`), label: 'Choose my password' },
    { href: absoluteUrl('/forgot-password'), label: 'Link expired? Ask for a new one' },
    `If you were not expecting this, you can ignore this message, or contact us at ${business.email} or ${business.phone}.`,
  ]);
}
