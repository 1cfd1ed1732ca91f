import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { BookingChoice } from '../../../features/book-service/components/BookingChoice';
import { BookingDetailsForm } from '../../../features/book-service/components/BookingDetailsForm';
import { BookingNotice } from '../../../features/book-service/components/BookingNotice';
import { BookingShell } from '../../../features/book-service/components/BookingShell';
import { myAddressesQueryOptions } from '../../../lib/addresses';
import { useAuth } from '../../../lib/auth/store';
import { pageTitle } from '../../../lib/business';
import { serviceQueryOptions } from '../../../features/services/api';
import { choiceOf, choiceSearch } from '../../../features/book-service/choice';
import {
  RecommendedLines,
  RecommendedOffer,
  useRecommendedLines,
} from '../../../features/recommended-work/components/RecommendedLines';
import { readDetailsSearch } from '../../../features/book-service/search';

/**
 * The confirm page (doc 1 §2). The date, time and address come in the page's
 * address from the time buttons; the service from the cache the times page
 * filled (fetched after a reload). Without a date and a time (a typed or
 * shared address) the visitor is sent to /.
 */
export const Route = createFileRoute('/book/$serviceId/details')({
  validateSearch: readDetailsSearch,
  beforeLoad: async ({ context, search }) => {
    const { date, time, address } = search;
    if (!date || !time) throw redirect({ to: '/', replace: true });
    await context.auth.ready();
    return { choice: { date, time, addressId: address, job: choiceOf(search) } };
  },
  loader: async ({ context: { queryClient }, params }) => {
    // A malformed id (400) names no service either: the visitor goes to /, as without a time.
    const service = await queryClient
      .ensureQueryData(serviceQueryOptions(params.serviceId))
      .catch(() => undefined);
    if (!service) throw redirect({ to: '/', replace: true });
  },
  head: () => ({ meta: [{ title: pageTitle('Confirm Your Booking') }] }),
  component: ConfirmBookingPage,
});

function ConfirmBookingPage() {
  const { choice } = Route.useRouteContext();
  const { date, time, addressId, job } = choice;
  const { serviceId } = Route.useParams();
  const { data: service } = useSuspenseQuery(serviceQueryOptions(serviceId));
  const { user } = useAuth();
  const addresses = useQuery({ ...myAddressesQueryOptions(user?._id ?? ''), enabled: !!user });
  const address = addresses.data?.find((item) => item._id === addressId);
  const backToTimes = `/book/${encodeURIComponent(service._id)}?date=${date}`;
  const again = { date, ...choiceSearch(job) };
  // Recommended work the follow-up's link carries (issue 33): shown, and booked with the form.
  const { vehicle, lines: ids } = Route.useSearch();
  const carried = vehicle ? { vehicleId: vehicle, ids: ids ?? [] } : undefined;
  const recommended = useRecommendedLines(carried, !!user);

  return (
    <BookingShell
      title="Confirm Your Booking"
      back={
        <Link to="/book/$serviceId" params={{ serviceId: service._id }} search={again} state={{ service }}>
          <span aria-hidden="true">←</span> Choose another time
        </Link>
      }
    >
      <BookingChoice service={service} date={date} time={time} address={address} job={job} />
      <RecommendedLines lines={recommended.lines} />
      {!user?.hasCardOnFile ? (
        // Logged out or the card removed meanwhile: the same notices, returning to this date's times.
        <BookingNotice user={user} returnTo={backToTimes} />
      ) : addresses.isPending ? (
        <p className="status-text" role="status">
          Loading your address...
        </p>
      ) : address ? (
        <BookingDetailsForm
          key={recommended.notes}
          user={user}
          service={service}
          date={date}
          time={time}
          addressId={address._id}
          job={job}
          recommended={
            carried && recommended.lines.length
              ? { ...carried, ids: recommended.lines.map((line) => line._id), notes: recommended.notes }
              : undefined
          }
          offerRecommended={(vehicleId, onPick) => (
            <RecommendedOffer key={vehicleId} vehicleId={vehicleId} onPick={onPick} />
          )}
        />
      ) : (
        // No address chosen (or it was deleted meanwhile): the times page asks for one first.
        <p className="notice">
          Please choose where we should come first.{' '}
          <Link to="/book/$serviceId" params={{ serviceId: service._id }} search={again} state={{ service }}>
            Choose your address and time
          </Link>
        </p>
      )}
    </BookingShell>
  );
}
