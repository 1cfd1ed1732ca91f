import { BOOKING_LIMITS, bookingMessages } from '@app/core/booking/rules';
import { today } from '@app/core/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Dialog } from '../../../components/ui/Dialog';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { VehicleFields } from '../../../components/vehicle/VehicleFields';
import { AddressFields } from '../../../components/address/AddressFields';
import {
  type AddressBody,
  addressFieldsOf,
  type AddressFields as AddressValues,
} from '../../../lib/address-form';
import { messageOf } from '../../../lib/api';
import { messagesResolver } from '../../../lib/forms';
import { applyBooking, changeBookingAddress, myBookingsQueryOptions, updateBooking } from '../api';
import { serviceNameOf } from '../display';
import type { BookingEdit, BookingInfo } from '../types';
import {
  type BookingEditFields,
  changedAddress,
  validateBookingEdit,
  validateEditAddress,
} from '../validate';

type EditBookingDialogProps = {
  booking: BookingInfo;
  userId: string;
  onClose: () => void;
};

/**
 * Booking edit (doc 2 §2, §5, §8): the vehicle and notes of a Pending booking.
 * On success the list shows the server's copy and the dialog closes; on failure
 * it stays open with the server's msg, else 'Failed to update booking.'.
 */
export function EditBookingDialog({ booking, userId, onClose }: EditBookingDialogProps) {
  const queryClient = useQueryClient();
  const todayIso = today();
  const before = booking.serviceAddress ? addressFieldsOf(booking.serviceAddress) : null;
  const form = useForm<BookingEditFields & AddressValues>({
    defaultValues: {
      vehicleMake: booking.vehicleMake,
      vehicleModel: booking.vehicleModel,
      vehicleYear: booking.vehicleYear,
      vehicleColor: booking.vehicleColor,
      notes: booking.notes,
      ...addressFieldsOf(booking.serviceAddress),
    },
    resolver: messagesResolver((values) => ({
      ...validateBookingEdit(values, todayIso),
      ...validateEditAddress(values, !!before),
    })),
  });
  const update = useMutation({
    // The address first: it is the change the technician's day may refuse (409), and then nothing is saved.
    mutationFn: async ({
      serviceAddress,
      ...edit
    }: BookingEdit & { id: string; serviceAddress?: AddressBody }) => {
      if (serviceAddress) await changeBookingAddress(edit.id, serviceAddress);
      return updateBooking(edit);
    },
    onSuccess: (saved) => {
      applyBooking(queryClient, userId, saved);
      onClose();
    },
    // A booking the shop confirmed meanwhile can no longer be edited: the list shows its new state.
    onError: () => void queryClient.invalidateQueries({ queryKey: myBookingsQueryOptions(userId).queryKey }),
  });
  const errors = form.formState.errors;
  const busy = update.isPending;

  return (
    <Dialog title="Edit Booking" onClose={onClose}>
      <p className="dialog__lead">
        {serviceNameOf(booking)}: update your vehicle details, where we should come, or notes for the
        technician.
      </p>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          update.mutate({
            id: booking._id,
            vehicleMake: values.vehicleMake.trim(),
            vehicleModel: values.vehicleModel.trim(),
            vehicleYear: values.vehicleYear,
            vehicleColor: values.vehicleColor.trim(),
            notes: values.notes.trim(),
            serviceAddress: changedAddress(values, before),
          }),
        )}
      >
        <VehicleFields
          field={(name) => form.register(name, { valueAsNumber: name === 'vehicleYear' })}
          errors={errors}
          named
          autoComplete="off"
        />
        <TextAreaField
          label="Notes (optional)"
          rows={3}
          maxLength={BOOKING_LIMITS.notes}
          error={errors.notes?.message}
          {...form.register('notes')}
        />
        <fieldset className="edit-booking__where">
          <legend>Service address</legend>
          <AddressFields section="edit-booking" field={(name) => form.register(name)} errors={errors} />
        </fieldset>
        {update.isError && (
          <FormMessage tone="error">{messageOf(update.error, bookingMessages.updateFailed)}</FormMessage>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
