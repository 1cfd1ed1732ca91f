import { VEHICLE_CLASS_LABELS, VEHICLE_CLASSES } from '@app/core/garage/model';
import { useQuery } from '@tanstack/react-query';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { MinutesField, PriceField } from './PriceFields';
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
              <PriceField label={`${VEHICLE_CLASS_LABELS[c]} price ($)`} {...field(`rates.${c}.price`)} />
              <MinutesField
                label={`${VEHICLE_CLASS_LABELS[c]} duration (minutes)`}
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
