import { VEHICLE_CLASS_LABELS, VEHICLE_CLASSES, isVehicleClass } from '@app/core/garage/model';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SelectField } from '../../../components/ui/SelectField';
import { formatDuration, formatMinutes, formatPrice } from '../../../lib/format';
import { bindFields, messagesResolver } from '../../../lib/forms';
import type { JobChoice } from '../choice';
import { useSuggestedClass } from '../suggested-class';
import type { BookableService } from '../types';
import { type ServiceChoiceFields, validateServiceChoice } from '../validate';

/**
 * The service step's choice (issue 34): the vehicle class (when the service
 * prices by class) and the add-ons it offers, each with its price and
 * minutes. Every change goes to the page's address at once (`onChange`):
 * the total above and the times below follow it.
 */
export function ServiceChoiceForm({
  service,
  choice,
  onChange,
}: {
  service: BookableService;
  choice: JobChoice;
  onChange: (choice: JobChoice) => void;
}) {
  const form = useForm<ServiceChoiceFields>({
    defaultValues: { vehicleClass: choice.vehicleClass ?? '', addOnIds: choice.addOnIds },
    resolver: messagesResolver((values) => validateServiceChoice(values, !!service.byClass)),
  });
  const field = bindFields(form);
  const values = useWatch({ control: form.control });
  const vehicleClass = isVehicleClass(values.vehicleClass) ? values.vehicleClass : undefined;
  const addOnIds = (values.addOnIds ?? []).filter((id): id is string => typeof id === 'string');
  const chosen = addOnIds.join(',');
  useEffect(() => {
    if (vehicleClass === choice.vehicleClass && chosen === choice.addOnIds.join(',')) return;
    onChange({ ...(vehicleClass ? { vehicleClass } : {}), addOnIds: chosen ? chosen.split(',') : [] });
  }, [vehicleClass, chosen, choice, onChange]);

  // Suggested from the customer's garage vehicle (issue 34): chosen once, while no class is.
  const suggested = useSuggestedClass();
  const { setValue } = form;
  useEffect(() => {
    if (service.byClass && suggested && !choice.vehicleClass)
      setValue('vehicleClass', suggested.vehicleClass);
  }, [service.byClass, suggested, choice.vehicleClass, setValue]);

  const rates = service.byClass;
  return (
    <form
      className="booking__choice"
      aria-label="Your vehicle and add-ons"
      noValidate
      onSubmit={(e) => e.preventDefault()}
    >
      {rates && (
        <SelectField
          label="Vehicle class"
          placeholder="Choose your vehicle class"
          options={VEHICLE_CLASSES.map(
            (c) =>
              [
                c,
                `${VEHICLE_CLASS_LABELS[c]}: ${formatPrice(rates[c].price)}, ${formatMinutes(rates[c].duration)}`,
              ] as const,
          )}
          {...field('vehicleClass')}
        />
      )}
      {rates && suggested && vehicleClass === suggested.vehicleClass && (
        <p className="booking-form__hint">Suggested: your {suggested.because}.</p>
      )}
      {service.addOns.length > 0 && (
        <fieldset className="field field--group">
          <legend>Add-ons (optional)</legend>
          {service.addOns.map((a) => (
            <label key={a._id} className="check">
              <input type="checkbox" value={a._id} {...form.register('addOnIds')} />
              {a.name}: +{formatPrice(a.price)}, +{formatDuration(a.duration)}
            </label>
          ))}
        </fieldset>
      )}
    </form>
  );
}
