import { BOOKING_LIMITS, bookingMessages } from '@app/core/booking/rules';
import { PHONE_MAX } from '@app/core/rules/fields';
import { today } from '@app/core/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useCallback, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { ClientFields } from '../../../components/vehicle/ClientFields';
import { isApiStatus, messageOf } from '../../../lib/api';
import type { SessionUser } from '../../../lib/auth/store';
import { fromLateData, bindFields, messagesResolver } from '../../../lib/forms';
import { availabilityKeys } from '../../../lib/shared-queries';
import { createBooking } from '../api';
import { BookingPhotos } from './BookingPhotos';
import { TermsField } from './TermsField';
import '../booking.css';
import type { BookableService } from '../types';
import { choiceSearch, type JobChoice } from '../choice';
import { type BookingDetailsFields, validateBookingDetails } from '../validate';
import { VehicleStep } from './VehicleStep';

type BookingDetailsFormProps = {
  user: SessionUser;
  service: BookableService;
  /** yyyy-MM-dd and HH:mm, business zone. */
  date: string;
  time: string;
  /** The saved service address the booking is for (issue 20). */
  addressId: string;
  /** The vehicle class and add-ons chosen (issue 34): the server prices and times the job by them. */
  job: JobChoice;
  /** Recommended work it books (issue 33: the follow-up's link), with the notes that name it. */
  recommended?: Recommended;
  /** Without a link's lines: the picked garage vehicle's recommended work, to tick (the route joins the feature). */
  offerRecommended?: (vehicleId: string, onPick: (picked: Recommended | undefined) => void) => ReactNode;
};

type Recommended = { vehicleId: string; ids: string[]; notes: string };

/**
 * The confirm form (doc 1 §2, §4, §5, §8): client names (prefilled from the
 * account), the vehicle, optional notes and the terms. After success the
 * button reads 'Booked!' and stays disabled; a time taken meanwhile (409)
 * offers the way back to the times.
 */
export function BookingDetailsForm(props: BookingDetailsFormProps) {
  const { user, service, date, time, addressId, job, offerRecommended } = props;
  const [ticked, setTicked] = useState<Recommended>();
  const queryClient = useQueryClient();
  // Every job needs a way to reach the customer (issue 30): asked once, when the account has none.
  const askPhone = !user.phone;
  // The account's names may come again (a refreshed session) while the vehicle is being typed:
  // they fill only the fields not yet changed, and nothing typed is wiped (decision 053).
  const form = useForm<BookingDetailsFields>({
    ...fromLateData({
      clientFirstName: user.firstName,
      clientLastName: user.lastName,
      vehicleMake: '',
      vehicleModel: '',
      vehicleYear: '',
      vehicleColor: '',
      vehicleId: '',
      notes: props.recommended?.notes ?? '',
      phone: '',
      photoIds: [],
      acceptTerms: false,
    }),
    resolver: messagesResolver((values) =>
      validateBookingDetails(values, today(), askPhone, service.photoRequired === true),
    ),
  });
  const setPhotos = useCallback(
    (ids: string[]) => form.setValue('photoIds', ids, { shouldValidate: form.formState.isSubmitted }),
    [form],
  );
  const book = useMutation({
    mutationFn: createBooking,
    // The time is taken now (or was taken by someone else: 409): every list of times asks again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
  // The link's lines, else those ticked for the vehicle picked (issue 33): the booking carries and closes them.
  const vehicleId = useWatch({ control: form.control, name: 'vehicleId' });
  const picked = ticked?.vehicleId === vehicleId ? ticked : undefined;
  const recommended = props.recommended ?? picked;
  const booked = book.isSuccess;
  const busy = book.isPending;
  const errors = form.formState.errors;
  const field = bindFields(form);

  const submit = form.handleSubmit((values) =>
    book.mutate({
      clientFirstName: values.clientFirstName.trim(),
      clientLastName: values.clientLastName.trim(),
      vehicleMake: values.vehicleMake.trim(),
      vehicleModel: values.vehicleModel.trim(),
      vehicleYear: Number(values.vehicleYear.trim()),
      vehicleColor: values.vehicleColor.trim(),
      notes: [values.notes.trim(), picked?.notes].filter(Boolean).join('\n'),
      serviceId: service._id,
      date,
      time,
      addressId,
      ...(values.vehicleId ? { vehicleId: values.vehicleId } : {}),
      ...(values.photoIds.length ? { photoIds: values.photoIds } : {}),
      ...(askPhone ? { phone: values.phone.trim() } : {}),
      ...(job.vehicleClass ? { vehicleClass: job.vehicleClass } : {}),
      ...(job.addOnIds.length ? { addOnIds: job.addOnIds } : {}),
      ...(recommended?.ids.length
        ? { recommended: { vehicleId: recommended.vehicleId, ids: recommended.ids } }
        : {}),
    }),
  );

  return (
    <form
      className="card booking-form"
      aria-labelledby="booking-form-title"
      method="post"
      noValidate
      onSubmit={submit}
    >
      <h2 id="booking-form-title">Your Details</h2>
      <fieldset disabled={busy || booked}>
        <legend>Client</legend>
        <ClientFields field={(name) => form.register(name)} errors={errors} autofill />
        {askPhone && (
          <>
            <TextField
              label="Phone number"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="(610) 555-0123"
              required
              maxLength={PHONE_MAX}
              {...field('phone')}
            />
            <p className="booking-form__hint">
              So your technician can reach you on the day. We keep it on your account.
            </p>
          </>
        )}
      </fieldset>
      <fieldset disabled={busy || booked}>
        <legend>Vehicle</legend>
        <VehicleStep form={form} userId={user._id} />
        {!props.recommended && vehicleId && offerRecommended?.(vehicleId, setTicked)}
        <TextAreaField
          label="Notes (optional)"
          rows={4}
          maxLength={BOOKING_LIMITS.notes}
          placeholder="Where the vehicle is parked, anything we should know"
          {...field('notes')}
        />
        <BookingPhotos
          prompt={service.photoPrompt}
          required={service.photoRequired === true}
          error={errors.photoIds?.message}
          onChange={setPhotos}
        />
        <TermsField registration={form.register('acceptTerms')} error={errors.acceptTerms?.message} />
      </fieldset>

      {booked && (
        <FormMessage tone="success" reveal>
          {bookingMessages.created} <Link to="/dashboard">Go to your Service History</Link>
        </FormMessage>
      )}
      {book.isError && (
        <>
          <FormMessage tone="error" reveal>
            {messageOf(book.error, bookingMessages.createFailed)}
          </FormMessage>
          {isApiStatus(book.error, 409) && (
            <p className="booking-form__next">
              <Link
                to="/book/$serviceId"
                params={{ serviceId: service._id }}
                search={{ date, ...choiceSearch(job) }}
                state={{ service }}
                className="button button--secondary"
              >
                Choose another time
              </Link>
            </p>
          )}
        </>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy || booked}>
        {booked ? 'Booked!' : busy ? 'Booking...' : 'Confirm Booking'}
      </button>
    </form>
  );
}
