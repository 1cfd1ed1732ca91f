import { BOOKING_LIMITS, VEHICLE_YEAR_MIN, vehicleYearMax } from '@app/core/booking/rules';
import { today } from '@app/core/time';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../ui/TextField';
import type { ClientName } from './ClientFields';

export type VehicleName = 'vehicleMake' | 'vehicleModel' | 'vehicleYear' | 'vehicleColor';

/**
 * The client's name, the vehicle and the notes as a booking form holds them (the customer's booking page and the
 * desk's custom booking): as typed; the year a whole number from 1900 to next year when valid.
 */
export type ClientAndVehicleFields = Record<ClientName | VehicleName | 'notes', string>;

type VehicleFieldsProps = {
  /** The form's `register` for each vehicle field (the form holds them flat: vehicleMake, ...). */
  field: (name: VehicleName) => UseFormRegisterReturn;
  /** The form's errors (react-hook-form's `formState.errors`). */
  errors: Partial<Record<VehicleName, { message?: string } | undefined>>;
  /** 'Vehicle make', 'Vehicle year'... where no Vehicle legend names them (the booking edit). */
  named?: boolean;
  /** The customer's booking shows an example make and model. */
  examples?: boolean;
  /** The booking edit turns the browser's autofill off. */
  autoComplete?: 'off';
  /** The color may be left empty (the desk's custom booking). */
  colorOptional?: boolean;
  /** Make and model as the desk picks them (lists from the vehicle data), instead of two text boxes. */
  makeAndModel?: ReactNode;
};

const MAKE_AND_MODEL = [
  { name: 'vehicleMake', text: 'Make', example: 'e.g. Honda' },
  { name: 'vehicleModel', text: 'Model', example: 'e.g. Civic' },
] as const;

/**
 * The vehicle's inputs: make, model, year (1900 to next year) and color, with
 * the booking's limits. One component for the customer's booking, the desk's
 * custom booking and the booking edit.
 */
export function VehicleFields({
  field,
  errors,
  named = false,
  examples = false,
  autoComplete,
  colorOptional = false,
  makeAndModel,
}: VehicleFieldsProps) {
  const label = (text: string) => (named ? `Vehicle ${text.toLowerCase()}` : text);
  return (
    <>
      <div className="form-row">
        {makeAndModel ?? (
          <>
            {MAKE_AND_MODEL.map(({ name, text, example }) => (
              <TextField
                key={name}
                label={label(text)}
                placeholder={examples ? example : undefined}
                required
                maxLength={BOOKING_LIMITS.vehicleText}
                autoComplete={autoComplete}
                error={errors[name]?.message}
                {...field(name)}
              />
            ))}
          </>
        )}
      </div>
      <div className="form-row">
        <TextField
          label={label('Year')}
          type="number"
          inputMode="numeric"
          min={VEHICLE_YEAR_MIN}
          max={vehicleYearMax(today())}
          step={1}
          required
          error={errors.vehicleYear?.message}
          {...field('vehicleYear')}
        />
        <TextField
          label={colorOptional ? `${label('Color')} (optional)` : label('Color')}
          required={!colorOptional}
          maxLength={BOOKING_LIMITS.color}
          autoComplete={autoComplete}
          error={errors.vehicleColor?.message}
          {...field('vehicleColor')}
        />
      </div>
    </>
  );
}
