import { createFileRoute } from '@tanstack/react-router';
import { BookingLinkPage } from '../features/booking-link/components/BookingLinkPage';
import { pageTitle } from '../lib/business';

/**
 * A booking's link (issue 21): the reminder's buttons and text open it. No
 * login: the token is the key. `?action=attend|cancel` opens it at that step.
 */
export const Route = createFileRoute('/b/$token')({
  head: () => ({ meta: [{ title: pageTitle('Your Appointment') }, { name: 'robots', content: 'noindex' }] }),
  validateSearch: (search: Record<string, unknown>): { action?: 'attend' | 'cancel' } =>
    search.action === 'attend' || search.action === 'cancel' ? { action: search.action } : {},
  component: BookingLinkRoute,
});

function BookingLinkRoute() {
  const { token } = Route.useParams();
  const { action } = Route.useSearch();
  return <BookingLinkPage key={token} token={token} action={action} />;
}
