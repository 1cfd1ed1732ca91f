import { useId } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { ServiceSelect } from '../../../components/admin/ServiceSelect';
import { TextField } from '../../../components/ui/TextField';
import { formatPrice } from '../../../lib/format';
import { CUSTOM_NAME_MAX, type CustomBookingFields } from '../validate';

/** The custom booking's service: one from the catalogue, or a custom one (name and price). */
export function ServiceChoice({
  form,
  disabled,
}: {
  form: UseFormReturn<CustomBookingFields>;
  disabled: boolean;
}) {
  const id = useId();
  const errors = form.formState.errors;
  const isCustom = useWatch({ control: form.control, name: 'isCustomService' });
  return (
    <fieldset disabled={disabled} className="desk-form__group">
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
  );
}
