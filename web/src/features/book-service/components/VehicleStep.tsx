import { BOOKING_LIMITS } from '@app/core/booking/rules';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { VehicleFields } from '../../../components/vehicle/VehicleFields';
import { bindFields } from '../../../lib/forms';
import { vehicleName } from '../../../lib/vehicle-form';
import { type GarageVehicle, myVehiclesQueryOptions } from '../../../lib/vehicles';
import type { BookingDetailsFields } from '../validate';

const ANOTHER = '';

/**
 * The booking's vehicle (issue 34): one of the customer's garage vehicles, or another one typed
 * (which the server saves into the garage). A garage vehicle fills the booking's vehicle fields,
 * which the booking keeps as its snapshot; only a colour it lacks is asked.
 */
export function VehicleStep({ form, userId }: { form: UseFormReturn<BookingDetailsFields>; userId: string }) {
  const garage = useQuery(myVehiclesQueryOptions(userId));
  const vehicles = garage.data ?? [];
  const pickedId = form.watch('vehicleId');
  const picked = vehicles.find((v) => v._id === pickedId);
  const field = bindFields(form);

  const pick = useCallback(
    (vehicle: GarageVehicle | undefined) => {
      const set = (name: keyof BookingDetailsFields, value: string) =>
        form.setValue(name, value, { shouldDirty: true });
      set('vehicleId', vehicle?._id ?? ANOTHER);
      set('vehicleMake', vehicle?.make ?? '');
      set('vehicleModel', vehicle?.model ?? '');
      set('vehicleYear', vehicle ? String(vehicle.year) : '');
      set('vehicleColor', vehicle?.color ?? '');
      form.clearErrors();
    },
    [form],
  );

  // A link that names the vehicle (a "your car is due" or follow-up link: ?vehicle=) picks it once.
  const search: { vehicle?: unknown } = useSearch({ strict: false });
  const named = vehicles.find((v) => v._id === search.vehicle);
  const namedOnce = useRef(false);
  useEffect(() => {
    if (!named || namedOnce.current) return;
    namedOnce.current = true;
    if (!form.getValues('vehicleId')) pick(named);
  }, [named, form, pick]);

  return (
    <>
      {vehicles.length > 0 && (
        <SelectField
          label="Your vehicle"
          options={[...vehicles.map((v) => [v._id, vehicleName(v)] as const), [ANOTHER, 'Another vehicle']]}
          value={pickedId}
          onChange={(event) => pick(vehicles.find((v) => v._id === event.target.value))}
        />
      )}
      {picked ? (
        !picked.color && (
          <TextField label="Color" required maxLength={BOOKING_LIMITS.color} {...field('vehicleColor')} />
        )
      ) : (
        <>
          {vehicles.length > 0 && <p className="booking-form__hint">We add it to your vehicles.</p>}
          <VehicleFields field={(name) => form.register(name)} errors={form.formState.errors} examples />
        </>
      )}
    </>
  );
}
