import { BOOKING_LIMITS, VEHICLE_YEAR_MIN, vehicleYearMax } from '@app/core/booking/rules';
import { today } from '@app/core/time';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { AddressFields } from '../../../components/address/AddressFields';
import { ServiceSelect } from '../../../components/admin/ServiceSelect';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { messageOf } from '../../../lib/api';
import { formatPrice } from '../../../lib/format';
import { messagesResolver } from '../../../lib/forms';
import { createCustomBooking } from '../api';
import { deskMessages } from '../messages';
import type { AdminBooking } from '../types';
import {
  CUSTOM_NAME_MAX,
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
import { VehicleFields } from './VehicleFields';

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
  const isCustom = useWatch({ control: form.control, name: 'isCustomService' });
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
        <fieldset disabled={busy} className="desk-form__group">
          <legend>Service</legend>
          <div className="desk-form__modes" role="radiogroup" aria-label="Kind of service">
            <label className="check">
              <input
                type="radio"
                name={`${id}-mode`}
                checked={!isCustom}
                onChange={() => form.setValue('isCustomService', false)}
              />
              Existing service
            </label>
            <label className="check">
              <input
                type="radio"
                name={`${id}-mode`}
                checked={isCustom}
                onChange={() => form.setValue('isCustomService', true)}
              />
              Custom service
            </label>
          </div>
          {isCustom ? (
            <div className="form-row">
              <TextField
                label="Custom service name"
                required
                maxLength={CUSTOM_NAME_MAX}
                error={errors.customServiceName?.message}
                {...form.register('customServiceName')}
              />
              <TextField
                label="Custom service price ($)"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                required
                error={errors.customServicePrice?.message}
                {...form.register('customServicePrice')}
              />
            </div>
          ) : (
            <ServiceSelect
              required
              placeholder="Select a service"
              loadingText="Loading services..."
              optionText={(service) => `${service.name} (${formatPrice(service.price)})`}
              error={errors.serviceId?.message}
              {...form.register('serviceId')}
            />
          )}
        </fieldset>
        <fieldset disabled={busy} className="desk-form__group">
          <legend>When</legend>
          <div className="form-row form-row--3">
            <TextField
              label="Date"
              type="date"
              min={todayDate}
              required
              error={errors.date?.message}
              {...form.register('date')}
            />
            <CustomTimeField error={errors.time?.message} {...form.register('time')} />
            <TextField
              label="Duration (minutes)"
              type="number"
              inputMode="numeric"
              min={DURATION_MIN}
              max={DURATION_MAX}
              step={DURATION_STEP}
              required
              error={errors.duration?.message}
              {...form.register('duration')}
            />
          </div>
        </fieldset>
        <fieldset disabled={busy} className="desk-form__group">
          <legend>Client</legend>
          <div className="form-row">
            <TextField
              label="First name"
              required
              maxLength={BOOKING_LIMITS.name}
              error={errors.clientFirstName?.message}
              {...form.register('clientFirstName')}
            />
            <TextField
              label="Last name"
              required
              maxLength={BOOKING_LIMITS.name}
              error={errors.clientLastName?.message}
              {...form.register('clientLastName')}
            />
          </div>
        </fieldset>
        <fieldset disabled={busy} className="desk-form__group">
          <legend>Vehicle</legend>
          <div className="form-row">
            <VehicleFields
              required
              make={make.value}
              model={model.value}
              onMakeChange={make.onChange}
              onModelChange={model.onChange}
              makeError={errors.vehicleMake?.message}
              modelError={errors.vehicleModel?.message}
              anyLabel={{ make: 'Select a make', model: 'Select a model' }}
            />
          </div>
          <div className="form-row">
            <TextField
              label="Year"
              type="number"
              inputMode="numeric"
              min={VEHICLE_YEAR_MIN}
              max={vehicleYearMax(todayDate)}
              step={1}
              required
              error={errors.vehicleYear?.message}
              {...form.register('vehicleYear')}
            />
            <TextField
              label="Color (optional)"
              maxLength={BOOKING_LIMITS.color}
              error={errors.vehicleColor?.message}
              {...form.register('vehicleColor')}
            />
          </div>
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
            error={errors.notes?.message}
            {...form.register('notes')}
          />
        </fieldset>
        {create.isError && (
          <FormMessage tone="error">{messageOf(create.error, deskMessages.createFailed)}</FormMessage>
        )}
        <div className="desk-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Creating...' : 'Create Booking'}
          </button>
        </div>
      </form>
    </div>
  );
}
