import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AddressFields } from '../../../components/address/AddressFields';
import { FormMessage } from '../../../components/ui/FormMessage';
import {
  addressBody,
  type AddressFields as Fields,
  addressFieldsOf,
  validateAddress,
} from '../../../lib/address-form';
import { messageOf } from '../../../lib/api';
import { messagesResolver } from '../../../lib/forms';
import { applyBooking, changeBookingAddress } from '../api';
import type { AdminBooking } from '../types';

/**
 * The desk's 'Change Address' of a Pending booking (issue 20), as the
 * owner's booking edit has it: the new address is checked against the area
 * and the technician's day again; a 409 says why it does not fit, and
 * nothing changes.
 */
export function ChangeAddress({ booking }: { booking: AdminBooking }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useForm<Fields>({
    defaultValues: addressFieldsOf(booking.serviceAddress),
    resolver: messagesResolver<Fields>((values) => validateAddress(values)),
  });
  const change = useMutation({
    mutationFn: (values: Fields) => changeBookingAddress(booking._id, addressBody(values)),
    onSuccess: (updated) => {
      applyBooking(queryClient, updated);
      setOpen(false);
    },
  });
  if (!open) {
    return (
      <p className="desk-card__actions">
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          Change Address
        </button>
      </p>
    );
  }
  return (
    <form
      className="desk-card__address-form"
      aria-labelledby={`${id}-title`}
      method="post"
      noValidate
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
    >
      <h5 id={`${id}-title`} className="desk-card__address-title">
        Change the service address
      </h5>
      <fieldset disabled={change.isPending} className="desk-form__group">
        <legend className="visually-hidden">New service address</legend>
        <AddressFields
          section={`desk-${booking._id}`}
          field={(name) => form.register(name)}
          errors={form.formState.errors}
        />
      </fieldset>
      {change.isError && (
        <FormMessage tone="error">{messageOf(change.error, 'Could not change the address.')}</FormMessage>
      )}
      <p className="desk-card__actions">
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Save Address'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={change.isPending}
          onClick={() => {
            change.reset();
            form.reset(addressFieldsOf(booking.serviceAddress));
            setOpen(false);
          }}
        >
          Cancel
        </button>
      </p>
    </form>
  );
}
