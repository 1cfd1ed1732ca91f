import { BOOKING_LIMITS } from '@app/core/booking/rules';
import { today } from '@app/core/time';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { AddressFields } from '../../../components/address/AddressFields';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { ClientFields } from '../../../components/vehicle/ClientFields';
import { VehicleFields } from '../../../components/vehicle/VehicleFields';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { createCustomBooking } from '../api';
import { deskMessages } from '../messages';
import type { AdminBooking } from '../types';
import {
  customBookingBody,
  customBookingDefaults,
  type CustomBookingFields,
  DURATION_MAX,
  DURATION_MIN,
  DURATION_STEP,
  validateCustomBooking,
} from '../validate';
import { BackToBookings, SubViewHeading } from './SubViewHeading';
import { CustomTimeField } from './CustomTimeField';
import { MakeAndModel } from './MakeAndModel';
import { ServiceChoice } from './ServiceChoice';
import { FailureMessage } from '../../../components/ui/FailureMessage';

/**
 * Create Custom Booking (doc 2 §2, §5): an existing service or a custom one
 * (name and price), the date (today or later, the shop's today), a time from
 * 09:00 to 17:30, the duration, the client's names and the vehicle. The
 * booking is stored as Pending Verification; then the admin assigns it.
 */
export function CustomBookingForm({
  onBack,
  onCreated,
}: {
  onBack: () => void;
  onCreated: (booking: AdminBooking) => void;
}) {
  const id = useId();
  const todayDate = today();
  const form = useForm<CustomBookingFields>({
    defaultValues: customBookingDefaults(),
    resolver: messagesResolver((values) => validateCustomBooking(values, today())),
    // The first invalid field in the page's order takes the focus (the library's order is registration order).
    shouldFocusError: false,
  });
  const create = useMutation({ mutationFn: createCustomBooking, onSuccess: onCreated });
  const { field: make } = useController({ control: form.control, name: 'vehicleMake' });
  const { field: model } = useController({ control: form.control, name: 'vehicleModel' });
  const errors = form.formState.errors;
  const field = bindFields(form);
  const busy = create.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const formElement = event.currentTarget;
    void form.handleSubmit(
      (values) => create.mutate(customBookingBody(values)),
      () => setTimeout(() => formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0),
    )(event);
  };

  return (
    <div className="desk-sub">
      <div className="desk__bar">
        <SubViewHeading focus>Create Custom Booking</SubViewHeading>
        <BackToBookings onBack={onBack} />
      </div>
      <form className="desk-form" aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
        <h4 id={`${id}-title`} className="visually-hidden">
          New custom booking
        </h4>
        <ServiceChoice form={form} disabled={busy} />
        <fieldset disabled={busy} className="desk-form__group">
          <legend>When</legend>
          <div className="form-row form-row--3">
            <TextField label="Date" type="date" min={todayDate} required {...field('date')} />
            <CustomTimeField {...field('time')} />
            <TextField
              label="Duration (minutes)"
              type="number"
              inputMode="numeric"
              min={DURATION_MIN}
              max={DURATION_MAX}
              step={DURATION_STEP}
              required
              {...field('duration')}
            />
          </div>
        </fieldset>
        <fieldset disabled={busy} className="desk-form__group">
          <legend>Client</legend>
          <ClientFields field={(name) => form.register(name)} errors={errors} />
        </fieldset>
        <fieldset disabled={busy} className="desk-form__group">
          <legend>Vehicle</legend>
          <VehicleFields
            field={(name) => form.register(name)}
            errors={errors}
            colorOptional
            makeAndModel={
              <MakeAndModel
                required
                make={make.value}
                model={model.value}
                onMakeChange={make.onChange}
                onModelChange={model.onChange}
                makeError={errors.vehicleMake?.message}
                modelError={errors.vehicleModel?.message}
                anyLabel={{ make: 'Select a make', model: 'Select a model' }}
              />
            }
          />
        </fieldset>
        <fieldset disabled={busy} className="desk-form__group">
          <legend>Service address</legend>
          <AddressFields section="custom-booking" field={(name) => form.register(name)} errors={errors} />
        </fieldset>
        <fieldset disabled={busy} className="desk-form__group">
          <TextAreaField
            label="Notes (optional)"
            rows={3}
            maxLength={BOOKING_LIMITS.notes}
            {...field('notes')}
          />
        </fieldset>
        <FailureMessage error={create.error} fallback={deskMessages.createFailed} />
        <div className="desk-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Creating...' : 'Create Booking'}
          </button>
        </div>
      </form>
    </div>
  );
}
