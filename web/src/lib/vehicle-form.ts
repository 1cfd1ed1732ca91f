import { garageTextRules, milesProblem } from '@app/core/garage/rules';
import { garageVinProblem, normalVin } from '@app/core/garage/vin';
import { isVehicleClass } from '@app/core/garage/model';
import { textProblem, vehicleYearProblem } from '@app/core/rules/fields';
import { today } from '@app/core/time';
import type { FieldMessages } from './forms';
import type { GarageVehicle, VehicleBody } from './vehicles';

/**
 * A garage vehicle as its form holds it (issue 34): Account Settings and the booking's vehicle step
 * use this one shape, its one validator (core's rules, the server's too) and its one body.
 */
export type VehicleFormFields = {
  vin: string;
  year: string;
  make: string;
  model: string;
  color: string;
  plate: string;
  vehicleClass: string;
  bodyClass: string;
  miles: string;
};

export function vehicleFieldsOf(v: GarageVehicle | null): VehicleFormFields {
  return {
    vin: v?.vin ?? '',
    year: v ? String(v.year) : '',
    make: v?.make ?? '',
    model: v?.model ?? '',
    color: v?.color ?? '',
    plate: v?.plate ?? '',
    vehicleClass: v?.vehicleClass ?? '',
    bodyClass: v?.bodyClass ?? '',
    miles: v?.mileage[0] ? String(v.mileage[0].miles) : '',
  };
}

export function validateVehicle(values: VehicleFormFields): FieldMessages<VehicleFormFields> {
  return {
    vin: garageVinProblem(values.vin),
    year: vehicleYearProblem(values.year, today()),
    make: textProblem(values.make, garageTextRules.make),
    model: textProblem(values.model, garageTextRules.model),
    color: textProblem(values.color, garageTextRules.color),
    plate: textProblem(values.plate, garageTextRules.plate),
    miles: milesProblem(values.miles.trim()),
  };
}

export function vehicleBody(values: VehicleFormFields): VehicleBody {
  const miles = values.miles.trim();
  return {
    vin: normalVin(values.vin),
    year: Number(values.year.trim()),
    make: values.make.trim(),
    model: values.model.trim(),
    color: values.color.trim(),
    plate: values.plate.trim(),
    bodyClass: values.bodyClass,
    ...(isVehicleClass(values.vehicleClass) ? { vehicleClass: values.vehicleClass } : {}),
    ...(miles ? { miles: Number(miles) } : {}),
  };
}

/** '2019 Ford F-150' (and its colour when it has one). */
export const vehicleName = (v: { year: number; make: string; model: string; color?: string }) =>
  [v.color, v.year, v.make, v.model].filter(Boolean).join(' ');
