import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/TextField';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { assignCustomer, createCustomer } from '../api';
import { deskMessages } from '../messages';
import type { AdminBooking, Customer } from '../types';
import {
  EMAIL_MAX,
  NAME_MAX,
  newCustomerBody,
  type NewCustomerFields,
  PHONE_MAX,
  validateNewCustomer,
} from '../validate';
import { FailureMessage } from '../../../components/ui/FailureMessage';

/**
 * New customer (doc 2 §5): first name, last name and email required, phone
 * optional; prefilled with the booking's names. Creating it assigns the
 * booking to them; the booking's mail also invites them to set a password.
 */
export function NewCustomerForm({
  booking,
  onCancel,
  onCreated,
  onAssigned,
}: {
  booking: AdminBooking;
  onCancel: () => void;
  onCreated: (customer: Customer) => void;
  onAssigned: () => void;
}) {
  const id = useId();
  const form = useForm<NewCustomerFields>({
    defaultValues: {
      firstName: booking.clientFirstName,
      lastName: booking.clientLastName,
      email: '',
      phone: '',
    },
    resolver: messagesResolver(validateNewCustomer),
  });
  const [created, setCreated] = useState<Customer | null>(null);
  const create = useMutation({
    mutationFn: createCustomer,
    onSuccess: ({ user }) => {
      setCreated(user);
      onCreated(user);
      assign.mutate(user);
    },
  });
  const assign = useMutation({
    mutationFn: (customer: Customer) => assignCustomer(booking._id, customer),
    onSuccess: onAssigned,
  });
  const field = bindFields(form);
  const busy = create.isPending || assign.isPending;
  // Opened by the admin: the keyboard goes straight to its first field.
  useEffect(() => form.setFocus('firstName'), [form]);

  return (
    <form
      className="desk-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={form.handleSubmit((values) =>
        // Created but not assigned (the assign failed): try the assign again, never a second account.
        // invite: false: the assigned booking's mail carries the invitation, one mail in all (issue 30).
        created ? assign.mutate(created) : create.mutate({ ...newCustomerBody(values), invite: false }),
      )}
    >
      <h5 id={`${id}-title`} className="visually-hidden">
        New customer
      </h5>
      <fieldset disabled={busy || created !== null} className="desk-form__group">
        <div className="form-row">
          <TextField
            label="First name"
            required
            maxLength={NAME_MAX}
            autoComplete="off"
            {...field('firstName')}
          />
          <TextField
            label="Last name"
            required
            maxLength={NAME_MAX}
            autoComplete="off"
            {...field('lastName')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          required
          maxLength={EMAIL_MAX}
          autoComplete="off"
          {...field('email')}
        />
        <TextField
          label="Phone (optional)"
          type="tel"
          maxLength={PHONE_MAX}
          autoComplete="off"
          {...field('phone')}
        />
      </fieldset>
      <FailureMessage error={create.error} fallback={deskMessages.createCustomerFailed} />
      <FailureMessage error={assign.error} fallback={deskMessages.assignFailed} />
      <div className="desk-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {create.isPending
            ? 'Creating...'
            : assign.isPending
              ? 'Assigning...'
              : created
                ? 'Try Assigning Again'
                : 'Create Customer and Assign'}
        </button>
        {!created && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
