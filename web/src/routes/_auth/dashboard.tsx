import { createFileRoute, useRouter } from '@tanstack/react-router';
import { TabNav } from '../../components/ui/TabNav';
import { ChangePasswordForm } from '../../features/account/components/ChangePasswordForm';
import { CalendarFeedCard } from '../../features/calendar-feed/components/CalendarFeedCard';
import { ServiceAddresses } from '../../features/account/components/ServiceAddresses';
import { TextMessages } from '../../features/account/components/TextMessages';
import { Vehicles } from '../../features/account/components/Vehicles';
import { MyPlans } from '../../features/plans/components/MyPlans';
import { myBookingsQueryOptions } from '../../features/service-history/api';
import { ServiceHistory } from '../../features/service-history/components/ServiceHistory';
import { PaymentMethodCard } from '../../features/payments/components/PaymentMethodCard';
import { safeRedirect } from '../../lib/auth/guards';
import { useAuth } from '../../lib/auth/store';
import { pageTitle } from '../../lib/business';

const tabs = [
  { id: 'history', title: 'Service History' },
  { id: 'account', title: 'Account Settings' },
] as const;

type Tab = (typeof tabs)[number]['id'];

// Under the _auth layout: a visitor is sent to /login first.
export const Route = createFileRoute('/_auth/dashboard')({
  // /dashboard?tab=account opens Account Settings; anything else shows Service History (doc 2 §2).
  // `redirect` (an internal path, from /account-settings) is where to go once a card is saved.
  validateSearch: (search: Record<string, unknown>): { tab?: Tab; redirect?: string } => {
    const redirect = safeRedirect(typeof search.redirect === 'string' ? search.redirect : undefined);
    return { ...(search.tab === 'account' ? { tab: 'account' } : {}), ...(redirect ? { redirect } : {}) };
  },
  head: () => ({ meta: [{ title: pageTitle('My Account') }] }),
  // The history starts loading with the page's code rather than after it (the tab shows its loading text meanwhile).
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(myBookingsQueryOptions(context.user._id));
  },
  component: DashboardPage,
});

function DashboardPage() {
  const { tab = 'history', redirect } = Route.useSearch();
  const { user } = useAuth();
  const router = useRouter();
  return (
    <div className="page container dashboard">
      <h1>My Account</h1>
      {user && (
        <p className="dashboard__hello">
          Signed in as {user.firstName} {user.lastName} ({user.email})
        </p>
      )}
      <TabNav label="My Account" to="/dashboard" param="tab" tabs={tabs} current={tab} />
      {tab === 'account' ? (
        <section aria-label="Account Settings" className="dashboard__panel">
          {/* Admins book for customers and keep no addresses of their own (the API refuses them). */}
          {user && user.role !== 'admin' && <ServiceAddresses userId={user._id} />}
          {/* A customer's garage (issue 34); the API refuses staff. */}
          {user && user.role === 'user' && <Vehicles userId={user._id} />}
          {/* Service plans (issue 35): a customer's vehicles on plans, their visits placed ahead. */}
          {user && user.role === 'user' && <MyPlans userId={user._id} />}
          {/* Texts and notice channels are a customer's (issue 21); the API refuses staff. */}
          {user && user.role === 'user' && <TextMessages userId={user._id} />}
          {/* The staff's calendar feed (issue 36): a technician's jobs, the admin's every technician's. */}
          {user && user.role !== 'user' && (
            <CalendarFeedCard userId={user._id} admin={user.role === 'admin'} />
          )}
          <ChangePasswordForm />
          <PaymentMethodCard onSaved={redirect ? () => router.history.push(redirect) : undefined} />
        </section>
      ) : (
        <section aria-labelledby="service-history-title" className="dashboard__panel">
          <h2 id="service-history-title" className="visually-hidden">
            Service History
          </h2>
          {user && <ServiceHistory userId={user._id} />}
        </section>
      )}
    </div>
  );
}
