import { linkPage } from '../auth/link-flows';
import { business } from '../business';
import { absoluteUrl } from '../links';
import { composeMail } from '../mail/compose';
import type { Mail } from '../mail/index';

/**
 * The account mails. They greet without the account's name: a name is text a
 * visitor chose, and in a greeting it would read as the shop's own words
 * ('Hi Casey. Account locked! Call ...'). Nothing a visitor typed is placed in
 * these mails at all.
 */

export function verificationMail(to: string, token: string): Mail.Message {
  return composeMail({ to, subject: `Verify your email for ${business.name}` }, [
    'Hello,',
    `Thanks for creating an account with ${business.name}. Please confirm this is your email address by opening the link below. The link works once and expires in 24 hours.`,
    { href: absoluteUrl(linkPage('verify-email', token)), label: 'Verify my email' },
    'If you did not create this account, you can ignore this message.',
  ]);
}

/** Sent instead of a second account when someone registers an address that already has one. */
export function alreadyRegisteredMail(to: string): Mail.Message {
  return composeMail({ to, subject: `You already have a ${business.name} account` }, [
    'Hello,',
    'Someone (hopefully you) tried to create a new account with this email address, but you already have one.',
    { href: absoluteUrl('/login'), label: 'Sign in' },
    { href: absoluteUrl('/forgot-password'), label: 'Forgot your password? Reset it' },
    'If this was not you, no action is needed: your account is unchanged.',
  ]);
}

export function passwordResetMail(to: string, token: string): Mail.Message {
  return composeMail({ to, subject: `Reset your ${business.name} password` }, [
    'Hello,',
    'We received a request to reset your password. Open the link below to choose a new one. The link works once and expires in 1 hour.',
    { href: absoluteUrl(linkPage('reset-password', token)), label: 'Choose a new password' },
    'If you did not ask for this, you can ignore this message: your password stays as it is.',
  ]);
}

export function passwordChangedMail(to: string): Mail.Message {
  return composeMail({ to, subject: `Your ${business.name} password was changed` }, [
    'Hello,',
    'The password of your account was just changed, and every other signed-in device has been signed out.',
    `If this was not you, reset your password now and contact us at ${business.email} or ${business.phone}.`,
    { href: absoluteUrl('/forgot-password'), label: 'Reset my password' },
  ]);
}

/**
 * To a customer an admin made an account for (issue 11): the link sets their
 * first password on the reset-password page, and proves the address.
 */
export function invitationMail(to: string, token: string, days: number): Mail.Message {
  return composeMail({ to, subject: `Your ${business.name} account is ready` }, [
    'Hello,',
    `${business.name} has created an account for you with this email address, so that you can follow your bookings online. To start using it, choose a password with the link below. The link works once and expires in ${days} days.`,
    { href: absoluteUrl(linkPage('invitation', token)), label: 'Choose my password' },
    { href: absoluteUrl('/forgot-password'), label: 'Link expired? Ask for a new one' },
    `If you were not expecting this, you can ignore this message, or contact us at ${business.email} or ${business.phone}.`,
  ]);
}

/**
 * To a technician an admin invited (issue 22): the link sets their first
 * password on the reset-password page, as a shop-made customer's invitation
 * does (account/mail.ts), and proves the address.
 */
export function technicianInvitationMail(to: string, token: string, days: number): Mail.Message {
  return composeMail({ to, subject: `You are invited to ${business.name}'s technician app` }, [
    'Hello,',
    `${business.name} has made a technician account for you with this email address, so that you can see your jobs of the day on your phone. To start using it, choose a password with the link below, then sign in. The link works once and expires in ${days} days.`,
    { href: absoluteUrl(linkPage('invitation', token)), label: 'Choose my password' },
    { href: absoluteUrl('/forgot-password'), label: 'Link expired? Ask for a new one' },
    `If you were not expecting this, you can ignore this message, or contact us at ${business.email} or ${business.phone}.`,
  ]);
}
