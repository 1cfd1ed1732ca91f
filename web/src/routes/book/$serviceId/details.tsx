import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { BookingChoice } from '../../../features/book-service/components/BookingChoice';
import { BookingDetailsForm } from '../../../features/book-service/components/BookingDetailsForm';
import { BookingNotice } from '../../../features/book-service/components/BookingNotice';
import { BookingShell } from '../../../features/book-service/components/BookingShell';
import { myAddressesQueryOptions } from '../../../lib/addresses';
import { useAuth } from '../../../lib/auth/store';
import { pageTitle } from '../../../lib/business';
import { calendarDate } from '../../../lib/search';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The confirm page (doc 1 §2). The service, date and time come as navigation
 * state from the time buttons; without them (a typed or shared address) the
 * visitor is sent to /.
 */
export const Route = createFileRoute('/book/$serviceId/details')({
  beforeLoad: async ({ context, location, params }) => {
    const { service, date, time, addressId } = location.state;
    if (
      !service ||
      service._id !== params.serviceId ||
      !date ||
      !calendarDate(date) ||
      !time ||
      !TIME.test(time)
    ) {
      throw redirect({ to: '/', replace: true });
    }
    await context.auth.ready();
    return { choice: { service, date, time, addressId } };
  },
  head: () => ({ meta: [{ title: pageTitle('Confirm Your Booking') }] }),
  component: ConfirmBookingPage,
});

function ConfirmBookingPage() {
  const { choice } = Route.useRouteContext();
  const { service, date, time, addressId } = choice;
  const { user } = useAuth();
  const addresses = useQuery({ ...myAddressesQueryOptions(user?._id ?? ''), enabled: !!user });
  const address = addresses.data?.find((item) => item._id === addressId);
  const backToTimes = `/book/${encodeURIComponent(service._id)}?date=${date}`;

  return (
    <BookingShell
      title="Confirm Your Booking"
      back={
        <Link to="/book/$serviceId" params={{ serviceId: service._id }} search={{ date }} state={{ service }}>
          <span aria-hidden="true">←</span> Choose another time
        </Link>
      }
    >
      <BookingChoice service={service} date={date} time={time} address={address} />
      {!user?.hasCardOnFile ? (
        // Logged out or the card removed meanwhile: the same notices, returning to this date's times.
        <BookingNotice user={user} returnTo={backToTimes} />
      ) : addresses.isPending ? (
        <p className="status-text" role="status">
          Loading your address...
        </p>
      ) : address ? (
        <BookingDetailsForm user={user} service={service} date={date} time={time} addressId={address._id} />
      ) : (
        // No address chosen (or it was deleted meanwhile): the times page asks for one first.
        <p className="notice">
          Please choose where we should come first.{' '}
          <Link
            to="/book/$serviceId"
            params={{ serviceId: service._id }}
            search={{ date }}
            state={{ service }}
          >
            Choose your address and time
          </Link>
        </p>
      )}
    </BookingShell>
  );
}
