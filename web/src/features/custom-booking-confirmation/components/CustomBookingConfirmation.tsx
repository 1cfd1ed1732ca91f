import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FormMessage } from '../../../components/ui/FormMessage';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { LinkFact as Fact, LinkPage, LinkPageQuery } from '../../../components/ui/LinkPage';
import { messageOf } from '../../../lib/api';
import { business } from '../../../lib/business';
import { confirmCustomBooking, customBookingQueryOptions, declineCustomBooking } from '../api';
import {
  confirmationMessages,
  DECLINE_QUESTION,
  durationOf,
  longDateOf,
  priceOf,
  REDIRECT_MS,
  serviceNameOf,
  timeOf,
  vehicleOf,
} from '../display';
import type { CustomBookingView } from '../types';
import { FocusedHeading } from '../../../components/ui/FocusedHeading';

/**
 * The custom booking confirmation screen (doc 2 §2, §4, §8): loading, error,
 * the booking with 'Action Required' and the two buttons, and after a
 * confirmation 'Booking Confirmed!' with a redirect home after 5 s. No login:
 * the link's token is the key.
 */
export function CustomBookingConfirmation({ token }: { token: string }) {
  const navigate = useNavigate();
  const booking = useQuery(customBookingQueryOptions(token));
  const confirm = useMutation({
    mutationFn: (view: CustomBookingView) =>
      confirmCustomBooking(token, {
        customerName: `${view.customer.firstName} ${view.customer.lastName}`.trim(),
        customerEmail: view.customer.email,
      }),
  });
  const decline = useMutation({
    mutationFn: () => declineCustomBooking(token),
    onSuccess: () => {
      // The spec's browser alert (doc 2 §4), then home.
      window.alert(confirmationMessages.declined);
      void navigate({ to: '/' });
    },
  });

  if (!booking.isSuccess) {
    return (
      <LinkPageQuery
        query={booking}
        loading={confirmationMessages.loading}
        failedTitle="Unable to Load Booking"
        failed={confirmationMessages.loadFailed}
        failedActions={<ButtonLink className="link-page__actions">Return to Home</ButtonLink>}
      />
    );
  }

  const view = booking.data;
  if (confirm.isSuccess) return <Confirmed booking={confirm.data.booking ?? view} />;

  const busy = confirm.isPending || decline.isPending;
  const price = priceOf(view);
  const onDecline = () => {
    if (window.confirm(DECLINE_QUESTION)) decline.mutate();
  };

  return (
    <LinkPage>
      <h1>Service Booking Confirmation</h1>
      <p className="link-page__greeting">
        Hello {view.customer.firstName} {view.customer.lastName},
      </p>
      <p>Our team has scheduled the following service for you. Please review the details below.</p>
      <section className="card link-page__details" aria-labelledby="confirm-details-title">
        <h2 id="confirm-details-title" className="link-page__subtitle">
          Booking Details
        </h2>
        <dl className="link-page__facts">
          <Fact term="Service">{serviceNameOf(view)}</Fact>
          <Fact term="Date">{longDateOf(view.date)}</Fact>
          <Fact term="Time">{timeOf(view.time)}</Fact>
          <Fact term="Duration">{durationOf(view.duration)}</Fact>
          <Fact term="Vehicle">{vehicleOf(view)}</Fact>
          {price !== null && <Fact term="Price">{price}</Fact>}
          {view.notes?.trim() && <Fact term="Notes">{view.notes}</Fact>}
        </dl>
      </section>
      <div className="notice link-page__notice">
        <h2 className="link-page__subtitle">Action Required</h2>
        <p>Please confirm this booking to secure your appointment, or decline it if it does not suit you.</p>
      </div>
      {confirm.isError && (
        <FormMessage tone="error" reveal>
          {messageOf(confirm.error, confirmationMessages.confirmFailed)}
        </FormMessage>
      )}
      {decline.isError && (
        <FormMessage tone="error" reveal>
          {messageOf(decline.error, confirmationMessages.declineFailed)}
        </FormMessage>
      )}
      <p className="link-page__actions">
        <button type="button" className="button button--secondary" disabled={busy} onClick={onDecline}>
          {decline.isPending ? 'Processing...' : 'Decline Booking'}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => confirm.mutate(view)}
        >
          {confirm.isPending ? 'Confirming...' : 'Confirm Booking'}
        </button>
      </p>
      <Support />
    </LinkPage>
  );
}

/** 'Booking Confirmed!' with the service, date and time; home after 5 s, or now with the button. */
function Confirmed({ booking }: { booking: CustomBookingView }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/' }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <LinkPage>
      <FocusedHeading className="link-page__title">Booking Confirmed!</FocusedHeading>
      <p className="form-message form-message--success" role="status">
        Your {serviceNameOf(booking)} on {longDateOf(booking.date)} at {timeOf(booking.time)} is confirmed. A
        confirmation email is on its way.
      </p>
      <p>You will be taken to the home page in {REDIRECT_MS / 1000} seconds.</p>
      <p className="link-page__actions">
        <Link to="/" className="button button--primary">
          Go to Home Now
        </Link>
      </p>
    </LinkPage>
  );
}

function Support() {
  return (
    <p className="link-page__support">
      Questions? Call us at <a href={business.phoneHref}>{business.phone}</a> or email{' '}
      <a href={`mailto:${business.email}`}>{business.email}</a>.
    </p>
  );
}
