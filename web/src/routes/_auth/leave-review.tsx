import { formatLongDate, formatTime } from '@app/core/time';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useLocation } from '@tanstack/react-router';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { bookingsQueryKey } from '../../features/service-history/api';
import { reviewBookingQueryOptions } from '../../features/leave-review/api';
import { messageOf } from '../../lib/api';
import { reviewStateOf, serviceNameOf } from '../../features/service-history/display';
import type { BookingInfo } from '../../features/service-history/types';
import type { ReviewTarget } from '../../features/leave-review/api';
import { ReviewForm } from '../../features/leave-review/components/ReviewForm';
import { testimonialsQueryOptions } from '../../features/testimonials/api';
import { pageTitle } from '../../lib/business';

/**
 * /leave-review (doc 2 §2): the review of a completed booking, which the
 * Service History's 'Leave a Review' passes in navigation state. Under the
 * _auth layout, so a visitor signs in first. Without a booking (a typed or
 * shared link, or a new tab) it says so and points back to the history.
 * The review request's mail (issue 21) links `?booking=<id>` instead: the
 * booking is then read (GET /api/bookings/{id}/review), after sign-in.
 */
export const Route = createFileRoute('/_auth/leave-review')({
  validateSearch: (search: Record<string, unknown>): { booking?: string } =>
    typeof search.booking === 'string' ? { booking: search.booking } : {},
  head: () => ({ meta: [{ title: pageTitle('Leave a Review') }] }),
  component: LeaveReviewPage,
});

function LeaveReviewPage() {
  const passed = useLocation({ select: (location) => location.state.booking });
  const { booking: linked } = Route.useSearch();
  const fromLink = useQuery({ ...reviewBookingQueryOptions(linked ?? ''), enabled: !passed && !!linked });
  const booking = passed ?? fromLink.data;
  const queryClient = useQueryClient();

  return (
    <div className="page container">
      <p className="back-link">
        <Link to="/dashboard">
          <span aria-hidden="true">←</span> Service History
        </Link>
      </p>
      <h1>Leave a Review</h1>
      {!booking && fromLink.isLoading ? (
        <p className="status-text" role="status">
          Loading your booking…
        </p>
      ) : !booking && fromLink.isError ? (
        <NoBooking message={messageOf(fromLink.error, 'This booking cannot be reviewed.')} />
      ) : !booking ? (
        <NoBooking message="There is no booking to review here. Choose a completed booking in your Service History and select Leave a Review." />
      ) : reviewStateOf(booking).kind !== 'open' || !booking.service ? (
        <NoBooking message="This booking cannot be reviewed. Only a completed booking whose service is still offered can be reviewed, once." />
      ) : (
        <>
          <p>
            How was your <strong>{serviceNameOf(booking)}</strong> on {formatLongDate(booking.date)} at{' '}
            {formatTime(booking.time)}? Your review helps other drivers choose us.
          </p>
          <ReviewForm
            target={targetOf(booking, booking.service._id)}
            onAdded={() => {
              void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
              void queryClient.invalidateQueries({ queryKey: testimonialsQueryOptions().queryKey });
            }}
          />
        </>
      )}
    </div>
  );
}

const targetOf = (booking: BookingInfo, serviceId: string): ReviewTarget => ({
  bookingId: booking._id,
  serviceId,
  serviceName: serviceNameOf(booking),
  date: booking.date,
  time: booking.time,
});

function NoBooking({ message }: { message: string }) {
  return (
    <>
      <p className="status-text" role="status">
        {message}
      </p>
      <ButtonLink to="/dashboard">Go to Service History</ButtonLink>
    </>
  );
}
