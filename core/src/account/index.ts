import * as z from 'zod';
import { useClientIp, useUser } from '../actor';
import { LinkToken } from '../auth/link-token';
import { linkTexts } from '../auth/link-texts';
import { Session } from '../auth/session';
import { business } from '../business';
import { VisibleError } from '../error';
import { Outbox } from '../mail/outbox';
import { failedConditions, transactWrite } from '../db/entity';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { NotifySettings } from '../notify/settings';
import { MOBILE_MESSAGE } from '../rules/phone';
import { User } from '../user/index';
import { entity as userEntity } from '../user/store';
import { hashPassword, verifyPassword } from '../user/password';
import { fn } from '../util/fn';
import { isSingleLine } from '../util/text';
import { takeAtLeast, typicalDuration } from '../util/timing';
import { invite as inviteAccount } from './invite';
import { alreadyRegisteredMail, passwordChangedMail, passwordResetMail, verificationMail } from './mail';

/**
 * Everything a person does with their own account: register, verify, sign in,
 * change or reset the password. Replies never tell whether an address has an
 * account (decision 009).
 */
export namespace Account {
  export const messages = {
    registered: 'Registration successful! Please check your email for verification.',
    verified: 'Your email has been verified. You can now sign in.',
    verifyInvalid: linkTexts.verifyEmail.invalid,
    verifyUsed: linkTexts.verifyEmail.used,
    verifyExpired: linkTexts.verifyEmail.expired,
    resent:
      'If that address has an account waiting for verification, we have sent a new link. Please check your email.',
    badCredentials: 'Invalid email or password.',
    unverified: 'Please verify your email before logging in.',
    passwordChanged: 'Your password has been changed.',
    wrongCurrentPassword: 'Your current password is incorrect.',
    samePassword: 'Your new password must be different from your current one.',
    resetSent:
      'If that address has an account, we have sent a link to reset your password. Please check your email.',
    resetDone: 'Your password has been reset. You can now sign in with your new password.',
    /** The first password of an account the shop made (an invitation, issue 30): a welcome, not a reset. */
    welcomeCustomer: `Welcome to ${business.name}! Your password is set and your account is ready. Sign in to follow your bookings.`,
    welcomeTechnician: `Welcome to ${business.name}! Your password is set. Sign in to see your jobs of the day.`,
    resetInvalid: linkTexts.resetPassword.invalid,
    resetUsed: linkTexts.resetPassword.used,
    resetExpired: linkTexts.resetPassword.expired,
  } as const;

  /** The public registration form: never a role, never pre-verified. */
  export const RegisterInput = User.CreateInput.pick({
    firstName: true,
    lastName: true,
    email: true,
    password: true,
  })
    .extend({
      /** Opting in to texts at registration (issue 21): optional, and then the mobile number is needed. */
      textsOptIn: z.boolean({ error: 'textsOptIn must be true or false.' }).optional(),
      mobile: NotifySettings.mobileNumber.optional(),
    })
    .refine((input) => !input.textsOptIn || input.mobile !== undefined, {
      message: MOBILE_MESSAGE,
      path: ['mobile'],
    });
  /** A password or a link's token: refused with `missing` when absent or empty, never longer than 200. */
  const secret = (missing: string) => z.string({ error: missing }).min(1, missing).max(200);
  export const EmailInput = z.object({ email: User.email });
  export const LoginInput = z.object({
    email: z
      .string({ error: 'Email is required' })
      .refine(isSingleLine, 'Email cannot contain line breaks or control characters.')
      .trim()
      .toLowerCase()
      .min(1, 'Email is required')
      .max(254, 'Email must be at most 254 characters'),
    password: secret('Password is required'),
  });
  export const ChangePasswordInput = z.object({
    currentPassword: secret('Current password is required'),
    newPassword: User.newPassword,
  });
  export const ResetPasswordInput = z.object({
    token: secret('The reset link is incomplete.'),
    password: User.newPassword,
  });

  async function limit(perIp: RateLimit.Rule, perAccount: RateLimit.Rule, email: string) {
    await RateLimit.hit(perIp, useClientIp());
    await RateLimit.hit(perAccount, email);
  }

  /** The one invitation of a shop-made account (invite.ts). */
  export const invite = inviteAccount;

  /** A verification link and the mail that carries it: two items for one transaction. */
  function verification(userId: string, email: string) {
    const link = LinkToken.prepare('verify-email', {
      subjectId: userId,
      owner: userEntity.key({ id: userId }),
    });
    const mail = Outbox.prepare(verificationMail(email, link.token));
    return { mail, items: [link.item, mail.item] };
  }

  /** Stores a fresh verification link with its mail (one transaction), then sends the mail. */
  async function sendVerification(user: Pick<User.Account, 'id' | 'email'>) {
    const { mail, items } = verification(user.id, user.email);
    await transactWrite(items);
    await Outbox.deliver(mail);
  }

  /** Mail for an address that already has an account: a fresh link when unverified, else sign-in help. */
  async function mailExisting(user: User.Account) {
    // An account an admin made has no password yet: the sign-in help (with its reset link) is what serves it.
    if (!user.emailVerified && user.passwordHash) await sendVerification(user);
    else await Outbox.send(alreadyRegisteredMail(user.email));
  }

  /**
   * Replies to register, resend and forgot come no sooner than this after the
   * request, so their timing does not tell whether an address has an account
   * (a known address means a token write and a mail; an unknown one, nothing).
   */
  export const EQUAL_TIME_FLOOR_MS = 600;

  /**
   * Registers, and mails the address either way (decision 009). Both paths
   * hash the password (a new account stores it; an existing one discards it),
   * the one expensive step, and the reply waits for the same floor.
   */
  export const register = fn(RegisterInput, (input) =>
    takeAtLeast(EQUAL_TIME_FLOOR_MS, () => registerNow(input)),
  );

  async function registerNow(input: z.output<typeof RegisterInput>) {
    await limit(rateLimits.registerIp, rateLimits.registerAccount, input.email);
    const existing = await User.findByEmail(input.email);
    if (existing) {
      await hashPassword(input.password);
      await mailExisting(existing);
      return { msg: messages.registered };
    }
    try {
      // The account, its verification link and the mail that carries it: one transaction.
      let mail: Outbox.Prepared | undefined;
      const { textsOptIn, mobile, ...account } = input;
      const texts = textsOptIn && mobile ? NotifySettings.consent(mobile) : undefined;
      await User.createWith({ ...account, texts, role: 'user', emailVerified: false }, (userId) => {
        const prepared = verification(userId, input.email);
        mail = prepared.mail;
        return prepared.items;
      });
      if (mail) await Outbox.deliver(mail);
    } catch (error) {
      // Two registrations of one address at once: the loser is told the same as everyone.
      if (!(error instanceof VisibleError && error.kind === 'conflict')) throw error;
      const winner = await User.findByEmail(input.email);
      if (winner) await mailExisting(winner);
    }
    return { msg: messages.registered };
  }

  /**
   * Using the link and marking the address verified are one transaction. A
   * refused link is 400, saying why (the flow's replies); a stale one (what it
   * acted on changed since it was mailed) is shown as simply not valid any more.
   */
  export const verifyEmail = fn(z.string(), async (token) => {
    const result = await LinkToken.use('verify-email', token, (link) => [
      User.tx.markEmailVerified(link.subjectId),
    ]);
    if (!result.ok) LinkToken.refuse(result.reason, 'verify-email');
    return { msg: messages.verified };
  });

  export const resendVerification = fn(EmailInput, ({ email }) =>
    takeAtLeast(EQUAL_TIME_FLOOR_MS, async () => {
      await limit(rateLimits.resendIp, rateLimits.resendAccount, email);
      const user = await User.findByEmail(email);
      // An account without a password is activated by a reset link (forgot password), not a verification.
      if (user && !user.emailVerified && user.passwordHash) await sendVerification(user);
      return { msg: messages.resent };
    }),
  );

  /**
   * Reserves one failed attempt under `rules` (each keyed as given) before a
   * password is checked: the check and the count are one conditional write
   * per rule, so concurrent guesses cannot all slip in before the count. A
   * refusal gives back what was already reserved. The returned function gives
   * every reservation back, for an attempt that turns out not to be a failure.
   */
  async function reserveFailure(rules: [RateLimit.Rule, string][]): Promise<() => Promise<void>> {
    // All at once: each is its own conditional write, and a sign-in waits for one round trip, not several.
    const results = await Promise.allSettled(rules.map(([rule, key]) => RateLimit.hit(rule, key)));
    const held = rules.filter((_, i) => results[i]?.status === 'fulfilled');
    const giveBack = () =>
      Promise.all(held.map(([rule, key]) => RateLimit.release(rule, key))).then(() => {});
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (refused) {
      await giveBack();
      throw refused.reason;
    }
    return giveBack;
  }

  /**
   * Signs in (decision 017). Failures are counted per account and address
   * (tight) and per account (a loose ceiling), so a guesser elsewhere cannot
   * lock the owner out; the counters are keyed by the account's token version,
   * so a password reset starts them afresh. An address with no account costs
   * no counter writes and no hashing, and answers in a typical attempt's time.
   */
  export const login = fn(LoginInput, async ({ email, password }) => {
    const ip = useClientIp();
    const [, user] = await Promise.all([RateLimit.hit(rateLimits.loginIp, ip), User.findByEmail(email)]);
    if (!user && attempt.ms !== undefined) {
      // No account: nothing for the counters to protect and no hash to check. The reply
      // comes after a typical attempt's time, as a wrong password's would.
      await new Promise((resolve) => setTimeout(resolve, attempt.ms));
      throw new VisibleError('invalid', messages.badCredentials);
    }
    const account = `${email}|v${user?.tokenVersion ?? 0}`;
    const { giveBack, matches } = await attempt.measure(async () => {
      const giveBack = await reserveFailure([
        [rateLimits.loginPair, `${account}|${ip}`],
        [rateLimits.loginAccount, account],
      ]);
      // An account without a password (made by an admin, not yet activated) is checked against the
      // decoy, so it takes a wrong password's time, and never matches.
      const matches = await judged(giveBack, async () => {
        const stored = user?.passwordHash || (await decoyHash());
        return (await verifyPassword(password, stored)) && !!user?.passwordHash;
      });
      return { giveBack, matches };
    });
    // A deactivated account (a technician who left, decision 078) signs in as a wrong password would.
    if (!user || !matches || user.disabled) throw new VisibleError('invalid', messages.badCredentials);
    await giveBack();
    // Only someone who knows the password learns that the account is unverified.
    if (!user.emailVerified) throw new VisibleError('forbidden', messages.unverified, { unverified: true });
    return { token: await Session.issue(user), user: User.toMe(user) };
  });

  /** How long the reservations and the password check of a sign-in take here (a moving average). */
  const attempt = typicalDuration();
  /** The first sign-in to an unknown address checks against this, to learn the time. */
  let decoy: Promise<string> | undefined;
  /** The decoy's hash, made once; a refused try (a full hash queue) is not kept, so a later one makes it. */
  function decoyHash(): Promise<string> {
    decoy ??= hashPassword('not-a-real-password').catch((error: unknown) => {
      decoy = undefined;
      throw error;
    });
    return decoy;
  }

  /**
   * Checks a password under a reserved failure slot. A check that never
   * happened (503: the hash queue is full; or any other error) is no failure
   * of the person's: the slot is given back before the error goes on
   * (issue 19 §5, decision 017). Only a wrong password keeps it.
   */
  async function judged(giveBack: () => Promise<void>, check: () => Promise<boolean>): Promise<boolean> {
    try {
      return await check();
    } catch (error) {
      await giveBack();
      throw error;
    }
  }

  export async function me(): Promise<User.Me> {
    const user = await User.find(useUser().userId);
    if (!user) throw new VisibleError('unauthorized', Session.INVALID);
    return User.toMe(user);
  }

  /** Changes the password, ends every other session, and returns a fresh token for this one. */
  export const changePassword = fn(ChangePasswordInput, async ({ currentPassword, newPassword }) => {
    const { userId } = useUser();
    const user = await User.find(userId);
    if (!user) throw new VisibleError('unauthorized', Session.INVALID);
    const giveBack = await reserveFailure([[rateLimits.changePasswordUser, userId]]);
    if (!(await judged(giveBack, () => verifyPassword(currentPassword, user.passwordHash)))) {
      throw new VisibleError('invalid', messages.wrongCurrentPassword);
    }
    await giveBack();
    if (currentPassword === newPassword) throw new VisibleError('invalid', messages.samePassword);
    // The new password and the mail that tells the owner: one transaction, on condition that
    // the password did not change meanwhile.
    const mail = Outbox.prepare(passwordChangedMail(user.email));
    try {
      await transactWrite([
        User.tx.setPasswordHash(userId, await hashPassword(newPassword), { ifVersion: user.tokenVersion }),
        mail.item,
      ]);
    } catch (error) {
      if (failedConditions(error)?.includes(0)) throw new VisibleError('unauthorized', Session.INVALID);
      throw error;
    }
    await Outbox.deliver(mail);
    return {
      msg: messages.passwordChanged,
      token: await Session.issue({ ...user, tokenVersion: user.tokenVersion + 1 }),
    };
  });

  export const forgotPassword = fn(EmailInput, ({ email }) =>
    takeAtLeast(EQUAL_TIME_FLOOR_MS, async () => {
      await limit(rateLimits.forgotIp, rateLimits.forgotAccount, email);
      const user = await User.findByEmail(email);
      // A deactivated account gets no link (decision 078); the reply is the same.
      if (user && !user.disabled) {
        // The link carries the account's token version: a later password change or reset outdates it.
        const link = LinkToken.prepare('reset-password', {
          subjectId: user.id,
          subjectVersion: user.tokenVersion,
          owner: userEntity.key({ id: user.id }),
        });
        const mail = Outbox.prepare(passwordResetMail(user.email, link.token));
        await transactWrite([link.item, mail.item]);
        await Outbox.deliver(mail);
      }
      return { msg: messages.resetSent };
    }),
  );

  /**
   * The new password is checked before the token is spent, so a refused
   * password leaves the link usable. Using the link and storing the password
   * are one transaction, on condition that the password has not changed
   * since the link was mailed (else every earlier link would outlive a
   * change). Opening the mailed link proves the address, so an unverified
   * account becomes verified too.
   */
  export const resetPassword = fn(ResetPasswordInput, async ({ token, password }) => {
    // An account still without a password was made by the shop: this link is its invitation (issue 30).
    let invited: User.Account | undefined;
    const result = await LinkToken.use('reset-password', token, async (link) => {
      const account = await User.find(link.subjectId);
      invited = account && account.passwordHash === '' ? account : undefined;
      return [
        User.tx.setPasswordHash(link.subjectId, await hashPassword(password), {
          ifVersion: link.subjectVersion,
          verify: true,
        }),
      ];
    });
    if (!result.ok) LinkToken.refuse(result.reason, 'reset-password');
    if (invited) {
      const msg = invited.role === 'technician' ? messages.welcomeTechnician : messages.welcomeCustomer;
      return { msg, welcome: true };
    }
    return { msg: messages.resetDone };
  });
}
