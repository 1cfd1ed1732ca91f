import type { RateLimit } from './index';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every limit in one table (decision 008). Per-IP limits are generous so a
 * household or office behind one address is not locked out; per-account
 * limits are tight, since they protect one person's inbox or password.
 */
export const rateLimits = {
  /** Every sign-in attempt from one address. */
  loginIp: { scope: 'login-ip', limit: 100, windowSeconds: 15 * MINUTE },
  /** Failed sign-ins against one account (successes are not counted). */
  loginAccount: { scope: 'login-account', limit: 10, windowSeconds: 15 * MINUTE },
  registerIp: { scope: 'register-ip', limit: 20, windowSeconds: HOUR },
  registerAccount: { scope: 'register-account', limit: 5, windowSeconds: HOUR },
  resendIp: { scope: 'resend-ip', limit: 20, windowSeconds: HOUR },
  resendAccount: { scope: 'resend-account', limit: 5, windowSeconds: HOUR },
  forgotIp: { scope: 'forgot-ip', limit: 20, windowSeconds: HOUR },
  forgotAccount: { scope: 'forgot-account', limit: 5, windowSeconds: HOUR },
  /** Wrong current passwords on the change-password form, per user. */
  changePasswordUser: { scope: 'change-password-user', limit: 10, windowSeconds: 15 * MINUTE },
} satisfies Record<string, RateLimit.Rule>;
