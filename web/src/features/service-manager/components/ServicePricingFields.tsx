import { VEHICLE_CLASS_LABELS, VEHICLE_CLASSES } from '@app/core/garage/model';
import { useQuery } from '@tanstack/react-query';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { TextField } from '../../../components/ui/TextField';
import { bindFields } from '../../../lib/forms';
import { formatDuration, formatPrice } from '../../../lib/format';
import { addOnsQueryOptions } from '../api';
import type { ServiceFields } from '../validate';

/**
 * The service form's pricing by vehicle class and its add-ons (issue 34): with
 * "Price by vehicle class" ticked, a price and a duration for each class (the
 * card then reads "from" the lowest); the shop's add-ons it offers, ticked.
 */
export function ServicePricingFields({ form }: { form: UseFormReturn<ServiceFields> }) {
  const field = bindFields(form);
  const byClass = useWatch({ control: form.control, name: 'priceByClass' });
  const addOns = useQuery(addOnsQueryOptions());
  return (
    <>
      <label className="check">
        <input type="checkbox" {...form.register('priceByClass')} />
        Price by vehicle class
      </label>
      {byClass && (
        <fieldset className="field field--group service-manager__rates">
          <legend>Price and duration by vehicle class</legend>
          {VEHICLE_CLASSES.map((c) => (
            <div key={c} className="service-manager__rate">
              <TextField
                label={`${VEHICLE_CLASS_LABELS[c]} price ($)`}
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                {...field(`rates.${c}.price`)}
              />
              <TextField
                label={`${VEHICLE_CLASS_LABELS[c]} duration (minutes)`}
                type="number"
                min={5}
                step={1}
                inputMode="numeric"
                {...field(`rates.${c}.duration`)}
              />
            </div>
          ))}
        </fieldset>
      )}
      <fieldset className="field field--group">
        <legend>Add-ons offered</legend>
        {addOns.data?.length === 0 && (
          <p className="status-text">No add-ons yet: add them below the services.</p>
        )}
        <div className="service-manager__days">
          {addOns.data?.map((a) => (
            <label key={a._id} className="check">
              <input type="checkbox" value={a._id} {...form.register('addOnIds')} />
              {a.name} (+{formatPrice(a.price)}, +{formatDuration(a.duration)})
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
