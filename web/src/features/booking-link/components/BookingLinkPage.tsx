import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionButton } from '../../../components/ui/ActionButton';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { FocusedHeading } from '../../../components/ui/FocusedHeading';
import { FormMessage } from '../../../components/ui/FormMessage';
import { LinkFact as Fact, LinkPage, LinkPageQuery } from '../../../components/ui/LinkPage';
import { messageOf } from '../../../lib/api';
import { attendByLink, bookingLinkQueryOptions, cancelByLink, type LinkView } from '../api';

/**
 * The landing page of a booking's link (issue 21), without signing in: the
 * appointment, and "I'll be there", "Reschedule" and "Cancel" (with a
 * confirmation step that shows the late-cancel fee, if any). `action` opens
 * the page at that step (the reminder's buttons); nothing changes until the
 * customer presses a button here.
 */
export function BookingLinkPage({ token, action }: { token: string; action?: 'attend' | 'cancel' }) {
  const queryClient = useQueryClient();
  const options = bookingLinkQueryOptions(token);
  const view = useQuery(options);
  const [confirmingCancel, setConfirmingCancel] = useState(action === 'cancel');
  const settle = (next: LinkView) => queryClient.setQueryData(options.queryKey, next);
  const attend = useMutation({ mutationFn: () => attendByLink(token), onSuccess: settle });
  const cancel = useMutation({
    mutationFn: (acceptLateFee: boolean) => cancelByLink(token, acceptLateFee),
    onSuccess: (next) => {
      setConfirmingCancel(false);
      settle(next);
    },
  });

  if (!view.isSuccess) {
    return (
      <LinkPageQuery
        query={view}
        loading="Loading your appointment..."
        failedTitle="Unable to open this link"
        failed="This link could not be opened. Please try again later."
        failedActions={<ButtonLink to="/login">Sign in to see your bookings</ButtonLink>}
      />
    );
  }

  const { booking, actions, notice, cancellation, reschedulePath } = view.data;
  const busy = attend.isPending || cancel.isPending;
  return (
    <LinkPage>
      <FocusedHeading className="link-page__title">Your appointment</FocusedHeading>
      <section className="card link-page__details" aria-label="Appointment details">
        <dl className="link-page__facts">
          <Fact term="Service">{booking.serviceName}</Fact>
          <Fact term="When">{booking.when}</Fact>
          {booking.address && (
            <Fact term="Where">
              {booking.address}
              {booking.directionsUrl && (
                <>
                  {' '}
                  <a href={booking.directionsUrl} target="_blank" rel="noreferrer">
                    Directions
                  </a>
                </>
              )}
            </Fact>
          )}
          {booking.accessNotes.trim() && <Fact term="Access notes">{booking.accessNotes}</Fact>}
          <Fact term="Vehicle">{booking.vehicle}</Fact>
          <Fact term="Status">{booking.status}</Fact>
        </dl>
      </section>

      {booking.status === 'Cancelled' && (
        <FormMessage tone="success" reveal={cancel.isSuccess}>
          This appointment is cancelled. We hope to see you another time.
        </FormMessage>
      )}
      {booking.attendanceConfirmedAt && booking.status !== 'Cancelled' && (
        <FormMessage tone="success" reveal={attend.isSuccess}>
          Thank you: you confirmed that you will be there.
        </FormMessage>
      )}
      {attend.isError && (
        <FormMessage tone="error" reveal>
          {messageOf(attend.error, 'That did not work.')}
        </FormMessage>
      )}
      {cancel.isError && (
        <FormMessage tone="error" reveal>
          {messageOf(cancel.error, 'That did not work.')}
        </FormMessage>
      )}

      {confirmingCancel && actions.cancel ? (
        <div className="notice link-page__confirm" role="group" aria-labelledby="cancel-question">
          <FocusedHeading level={2} id="cancel-question" className="link-page__subtitle">
            Cancel this appointment?
          </FocusedHeading>
          <p>{cancellation.msg}</p>
          <p className="link-page__actions">
            <ActionButton disabled={busy} onClick={() => setConfirmingCancel(false)}>
              Keep my appointment
            </ActionButton>
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => cancel.mutate(cancellation.feeCents > 0)}
            >
              {cancel.isPending ? 'Cancelling...' : 'Yes, cancel it'}
            </button>
          </p>
        </div>
      ) : (
        <p className="link-page__actions">
          {actions.attend && (
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              autoFocus={action === 'attend'}
              onClick={() => attend.mutate()}
            >
              {attend.isPending ? 'Saving...' : "I'll be there"}
            </button>
          )}
          {actions.reschedule && notice.canReschedule && reschedulePath && (
            <a className="button button--secondary" href={reschedulePath}>
              Reschedule
            </a>
          )}
          {actions.cancel && (
            <ActionButton disabled={busy} onClick={() => setConfirmingCancel(true)}>
              Cancel
            </ActionButton>
          )}
        </p>
      )}
      {actions.reschedule && !notice.canReschedule && (
        <p>
          It is less than {notice.hours} hours before the appointment, so it can no longer be moved online.
          Please call us at <a href={notice.phoneHref}>{notice.phone}</a>.
        </p>
      )}
      <p className="link-page__support">
        Questions? Call us at <a href={notice.phoneHref}>{notice.phone}</a>.
      </p>
    </LinkPage>
  );
}
