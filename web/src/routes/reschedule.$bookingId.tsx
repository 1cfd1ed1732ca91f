import { createFileRoute, Link } from '@tanstack/react-router';
import { BookingShell } from '../features/book-service/components/BookingShell';
import { RescheduleBooking } from '../features/book-service/components/RescheduleBooking';
import { requireLoginWithoutLink } from '../lib/auth/guards';
import { pageTitle } from '../lib/business';

/** `?token=` names a reminder's link: the page then needs no sign-in (issue 21). */
type RescheduleSearch = { token?: string };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const Route = createFileRoute('/reschedule/$bookingId')({
  validateSearch: (search: Record<string, unknown>): RescheduleSearch =>
    typeof search.token === 'string' && TOKEN.test(search.token) ? { token: search.token } : {},
  // Without a link, the owner signs in (the login guard comes back here).
  beforeLoad: requireLoginWithoutLink,
  head: () => ({
    meta: [{ title: pageTitle('Reschedule Your Booking') }, { name: 'robots', content: 'noindex' }],
  }),
  component: ReschedulePage,
});

function ReschedulePage() {
  const { bookingId } = Route.useParams();
  const { token } = Route.useSearch();
  return (
    <BookingShell
      title="Reschedule Your Booking"
      back={
        token ? (
          <Link to="/">
            <span aria-hidden="true">←</span> Home
          </Link>
        ) : (
          <Link to="/dashboard">
            <span aria-hidden="true">←</span> Service History
          </Link>
        )
      }
    >
      <RescheduleBooking key={`${bookingId}:${token ?? ''}`} by={{ bookingId, token }} />
    </BookingShell>
  );
}
