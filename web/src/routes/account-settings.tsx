import { createFileRoute, redirect } from '@tanstack/react-router';
import { safeRedirect } from '../lib/auth/guards';

/**
 * /account-settings, the link the booking pages use (doc 1 §2: 'Payment
 * Method Required'; doc 2 §2): the Account Settings tab of /dashboard, which
 * asks for a sign-in first. `redirect` (an internal path only, e.g. the
 * booking page) goes along: once a card is saved, the dashboard goes there.
 */
export const Route = createFileRoute('/account-settings')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const target = safeRedirect(typeof search.redirect === 'string' ? search.redirect : undefined);
    return target ? { redirect: target } : {};
  },
  beforeLoad: ({ search }) => {
    const target = safeRedirect(search.redirect);
    throw redirect({
      to: '/dashboard',
      search: { tab: 'account', ...(target ? { redirect: target } : {}) },
      replace: true,
    });
  },
});
